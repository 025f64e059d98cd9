import { encodeGlobalID } from '@pothos/plugin-relay';
import { describe, expect, it } from 'vitest';
import { follow, newFeed, newReader, publish } from '../../test/articleFixtures.ts';
import { startTestServer } from '../../test/server.ts';

const CREATE = `mutation($input: FilterRuleInput!) { createFilterRule(input: $input) {
  __typename ... on FilterRule { id pattern isRegex fields action feed { title } folder { name } } ... on Error { message } } }`;
const UPDATE = `mutation($id: ID!, $input: FilterRuleChangesInput!) { updateFilterRule(id: $id, input: $input) {
  __typename ... on FilterRule { id pattern feed { title } } ... on Error { message } } }`;
const DELETE = `mutation($id: ID!) { deleteFilterRule(id: $id) { __typename ... on DeleteFilterRulePayload { deletedFilterRuleId } ... on Error { message } } }`;
const PREVIEW = `query($input: FilterRuleInput!) { filterRulePreview(input: $input) {
  __typename ... on FilterRulePreview { examined affected articles { title } } ... on Error { message } } }`;
const RULES = '{ filterRules(first: 100) { edges { node { id pattern } } } }';
const HIDDEN = '{ articles(filter: HIDDEN, first: 10) { totalCount edges { node { title } } } }';
const MUTE = `mutation($id: ID!, $muted: Boolean!) { setSubscriptionMuted(id: $id, muted: $muted) {
  __typename ... on FeedSubscription { muted } ... on Error { message } } }`;

describe('filter rules over GraphQL', async () => {
  const server = await startTestServer();
  const { services, graphql } = server;
  const reader = await newReader(services);
  const feed = await newFeed(services, { title: 'Gadgets' });
  await follow(services, reader.id, feed.id);
  await publish(services, feed.id, [
    { publishedAt: new Date('2026-11-20T12:00:00Z'), title: 'New phone' },
    { publishedAt: new Date('2026-11-20T11:00:00Z'), title: 'Crypto crash' },
  ]);
  const feedId = encodeGlobalID('Feed', feed.id);

  it('refuses every field and mutation to an anonymous caller, and changes nothing', async () => {
    const input = { pattern: 'x', action: 'hide' };
    for (const [query, variables] of [
      [CREATE, { input }],
      [UPDATE, { id: encodeGlobalID('FilterRule', '0190a000-0000-7000-8000-000000000000'), input: {} }],
      [DELETE, { id: encodeGlobalID('FilterRule', '0190a000-0000-7000-8000-000000000000') }],
      [PREVIEW, { input }],
      [RULES, {}],
      [MUTE, { id: encodeGlobalID('FeedSubscription', '0190a000-0000-7000-8000-000000000000'), muted: true }],
    ] as const) {
      const { body } = await graphql(query, variables);
      const answer = body.data ? Object.values(body.data)[0] : null;
      const refused = (body.errors?.length ?? 0) > 0 || (answer as { __typename?: string } | null)?.__typename === 'UnauthenticatedError';
      expect(refused, query).toBe(true);
    }
    expect(await services.db.filterRule.count({ where: { userId: reader.id } })).toBe(0);
  });

  it('previews, creates with a feed scope, lists, hides, changes and deletes a rule', async () => {
    const preview = await graphql(PREVIEW, { input: { pattern: 'crypto', action: 'hide', feedId } }, reader.token);
    expect(preview.body.data.filterRulePreview).toEqual({
      __typename: 'FilterRulePreview',
      examined: 2,
      affected: 1,
      articles: [{ title: 'Crypto crash' }],
    });
    const created = await graphql(CREATE, { input: { pattern: 'crypto', action: 'hide', fields: ['title'], feedId } }, reader.token);
    const rule = created.body.data.createFilterRule;
    expect(rule).toMatchObject({
      __typename: 'FilterRule',
      pattern: 'crypto',
      isRegex: false,
      fields: ['title'],
      action: 'hide',
      feed: { title: 'Gadgets' },
    });
    expect((await graphql(RULES, {}, reader.token)).body.data.filterRules.edges).toEqual([{ node: { id: rule.id, pattern: 'crypto' } }]);
    expect((await graphql(HIDDEN, {}, reader.token)).body.data.articles).toEqual({
      totalCount: 1,
      edges: [{ node: { title: 'Crypto crash' } }],
    });

    const changed = await graphql(UPDATE, { id: rule.id, input: { pattern: 'phone', feedId: null } }, reader.token);
    expect(changed.body.data.updateFilterRule).toMatchObject({ pattern: 'phone', feed: null });
    expect((await graphql(HIDDEN, {}, reader.token)).body.data.articles.edges).toEqual([{ node: { title: 'New phone' } }]);

    const deleted = await graphql(DELETE, { id: rule.id }, reader.token);
    expect(deleted.body.data.deleteFilterRule).toEqual({ __typename: 'DeleteFilterRulePayload', deletedFilterRuleId: rule.id });
    expect((await graphql(HIDDEN, {}, reader.token)).body.data.articles.totalCount).toBe(0);
  });

  it('answers a refusal that says why for a bad pattern, and another reader’s rule is not found', async () => {
    const bad = await graphql(CREATE, { input: { pattern: 'a{1001}', isRegex: true, action: 'hide' } }, reader.token);
    expect(bad.body.data.createFilterRule).toMatchObject({
      __typename: 'InvalidInputError',
      message: expect.stringMatching(/invalid repeat count/),
    });
    const badPreview = await graphql(PREVIEW, { input: { pattern: '(', isRegex: true, action: 'hide' } }, reader.token);
    expect(badPreview.body.data.filterRulePreview.__typename).toBe('InvalidInputError');
    const other = await newReader(services);
    const mine = await graphql(CREATE, { input: { pattern: 'x', action: 'hide' } }, reader.token);
    const theirs = await graphql(DELETE, { id: mine.body.data.createFilterRule.id }, other.token);
    expect(theirs.body.data.deleteFilterRule.__typename).toBe('NotFoundError');
  });
});
