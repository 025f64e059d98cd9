import { expect, test } from '@playwright/test';
import { expectAccessible, saveScreenshot, signIn, toast } from './page.ts';
import { apiViewerId } from './social.ts';
import { graphql, registerUser } from './users.ts';

/** The ids of the people following the token's user, as the API has them. */
async function followerIds(request: Parameters<typeof graphql>[0], token: string): Promise<string[]> {
  const { followers } = await graphql<{ followers: { edges: { node: { id: string } }[] } }>(
    request,
    'query { followers(first: 50) { edges { node { id } } } }',
    {},
    token,
  );
  return followers.edges.map((edge) => edge.node.id);
}

/** What following this user answers the token's user: its __typename and, when refused, the message. */
async function follow(request: Parameters<typeof graphql>[0], token: string, userId: string) {
  const { follow: answer } = await graphql<{ follow: { __typename: string; message?: string } }>(
    request,
    'mutation ($id: ID!) { follow(userId: $id) { __typename ... on Error { message } } }',
    { id: userId },
    token,
  );
  return answer;
}

test(
  'blocking someone from their profile ends their follow and refuses a new one, and unblocking lifts it',
  { tag: '@layout' },
  async ({ page, request }, testInfo) => {
    const ann = await registerUser(request, 'blocker');
    const bob = await registerUser(request, 'blocked');
    const [annId, bobId] = await Promise.all([apiViewerId(request, ann.token), apiViewerId(request, bob.token)]);
    expect((await follow(request, bob.token, annId)).__typename).toBe('User');
    expect(await followerIds(request, ann.token)).toContain(bobId);
    await signIn(page, ann.username, ann.password, `/user/${encodeURIComponent(bobId)}`);
    await expect(page.getByRole('heading', { level: 1, name: bob.displayName })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Mute', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Block', exact: true }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog.getByRole('heading', { name: `Block @${bob.username}?` })).toBeVisible();
    await expect(dialog).toContainText(
      `@${bob.username} will no longer follow you, and you won’t see their shares, comments or mentions. They won’t be told.`,
    );
    await expectAccessible(page, 'block confirmation');
    await saveScreenshot(page, testInfo, 'block-confirm', { fullPage: false });

    await dialog.getByRole('button', { name: 'Block' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(toast(page, `Blocked @${bob.username}`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Unblock' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Mute', exact: true })).toHaveCount(0);
    await expect.poll(() => followerIds(request, ann.token)).not.toContain(bobId);
    expect(await follow(request, bob.token, annId)).toEqual({ __typename: 'ForbiddenError', message: 'You cannot follow this user' });

    // The block is the server's: it is still there after a reload.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Unblock' })).toBeVisible();
    await expectAccessible(page, 'profile (blocked)');
    await saveScreenshot(page, testInfo, 'profile-blocked');

    await page.getByRole('button', { name: 'Unblock' }).click();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Block', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Mute', exact: true })).toBeVisible();
    // Their old follow does not come back, but they may follow again.
    expect(await followerIds(request, ann.token)).not.toContain(bobId);
    await expect.poll(async () => (await follow(request, bob.token, annId)).__typename).toBe('User');
  },
);
