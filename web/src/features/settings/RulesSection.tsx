import ListFilter from 'lucide-react/icons/list-filter';
import Plus from 'lucide-react/icons/plus';
import { Suspense, useState } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { buttonClass } from '../../ui/button';
import { RuleForm, EMPTY_DRAFT } from '../rules/RuleForm';
import { RuleFormSkeleton } from '../rules/RuleFormSkeleton';
import { RuleItem } from '../rules/RuleItem';
import { MuteWordForm } from '../rules/MuteWordForm';
import type { RulesSectionQuery } from './__generated__/RulesSectionQuery.graphql';
import { SectionLoadFailed } from './SectionLoadFailed';
import { SettingsSection } from './SettingsSection';
import { ErrorBoundary } from '../../ui/ErrorBoundary';

const rulesQuery = graphql`
  query RulesSectionQuery {
    filterRules(first: 100) @connection(key: "RulesSection_filterRules") {
      edges {
        node {
          id
          ...RuleItem_rule
        }
      }
    }
  }
`;

/**
 * Settings → Rules: the viewer's filter rules (hide, mark read, star or keep only what mentions some words or matches
 * an expression, everywhere, in a folder or in a feed), each in a sentence, with Edit and Delete; Add rule opens the
 * form with its live preview; "Mute a word" above adds a hide rule for everything in one step. A reader without rules is
 * told what they are, with an example.
 */
export function RulesSection() {
  return (
    <SettingsSection
      id="rules"
      title="Rules"
      icon={ListFilter}
      description="Hide, mark read or star articles by their words, everywhere or in one feed or folder."
    >
      <LoadedRules />
    </SettingsSection>
  );
}

/** The rules once loaded; a failure says so, and Try again asks anew (under a new key: Relay keeps a failed query's error). */
function LoadedRules() {
  const [fetchKey, setFetchKey] = useState(0);
  return (
    <ErrorBoundary
      fallback={(retry) => (
        <SectionLoadFailed
          message="Your rules could not be loaded."
          onRetry={() => {
            setFetchKey((key) => key + 1);
            retry();
          }}
        />
      )}
    >
      <Suspense fallback={<RuleFormSkeleton />}>
        <Rules fetchKey={fetchKey} />
      </Suspense>
    </ErrorBoundary>
  );
}

function Rules({ fetchKey }: { fetchKey: number }) {
  const { filterRules } = useLazyLoadQuery<RulesSectionQuery>(rulesQuery, {}, { fetchPolicy: 'store-and-network', fetchKey });
  const [adding, setAdding] = useState(false);
  const rules = filterRules.edges;
  return (
    <div className="flex flex-col gap-4">
      <MuteWordForm />
      {rules.length > 0 ? (
        <ul aria-label="Your rules" className="-my-3 divide-y divide-line">
          {rules.map(({ node }) => (
            <RuleItem key={node.id} rule={node} />
          ))}
        </ul>
      ) : (
        !adding && (
          <div className="rounded-xl bg-sunken/60 px-4 py-3.5 text-sm leading-relaxed text-muted">
            <p className="font-medium text-ink">No rules yet</p>
            <p className="mt-1">
              A rule acts on the articles that mention some words, as they arrive and on those you have. For example, hide the articles
              whose title mentions “sponsored”, everywhere; what a rule hides stays one click away under every list.
            </p>
          </div>
        )
      )}
      {adding ? (
        <Suspense fallback={<RuleFormSkeleton />}>
          <RuleForm
            ruleId={null}
            initial={EMPTY_DRAFT}
            onDone={() => setAdding(false)}
            className="rounded-xl border border-line p-3.5 sm:p-4"
          />
        </Suspense>
      ) : (
        <button type="button" onClick={() => setAdding(true)} className={buttonClass('secondary', 'sm', 'self-start')}>
          <Plus aria-hidden="true" className="size-4" />
          Add rule
        </button>
      )}
    </div>
  );
}
