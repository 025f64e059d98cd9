import Pencil from 'lucide-react/icons/pencil';
import Trash2 from 'lucide-react/icons/trash';
import { Suspense, useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import { buttonClass } from '../../ui/button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import type { RuleItem_rule$key } from './__generated__/RuleItem_rule.graphql';
import { RuleForm, scopeValue } from './RuleForm';
import { RuleFormSkeleton } from './RuleFormSkeleton';
import { describeRule } from './ruleText';
import { useDeleteFilterRule } from './useDeleteFilterRule';

/** One rule of Settings → Rules: what it does in a sentence, Edit (the form in its place) and Delete (confirmed). */
export function RuleItem({ rule }: { rule: RuleItem_rule$key }) {
  const data = useFragment(
    graphql`
      fragment RuleItem_rule on FilterRule {
        id
        pattern
        isRegex
        fields
        action
        feed {
          id
          title
        }
        folder {
          id
          name
        }
      }
    `,
    rule,
  );
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const deleteRule = useDeleteFilterRule();
  const sentence = describeRule({ ...data, feedTitle: data.feed?.title ?? null, folderName: data.folder?.name ?? null });

  if (editing)
    return (
      <li className="py-3">
        <Suspense fallback={<RuleFormSkeleton />}>
          <RuleForm
            ruleId={data.id}
            initial={{
              pattern: data.pattern,
              isRegex: data.isRegex,
              fields: [...data.fields],
              action: data.action,
              scope: scopeValue(data.feed?.id, data.folder?.id),
            }}
            onDone={() => setEditing(false)}
            className="rounded-xl border border-line p-3.5 sm:p-4"
          />
        </Suspense>
      </li>
    );
  return (
    <li aria-label={sentence} className="flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:gap-3">
      <p className="min-w-0 flex-1 break-words text-[0.95rem] leading-snug text-ink">{sentence}</p>
      <div className="-ml-2 flex shrink-0 gap-1 sm:ml-0">
        <button
          type="button"
          onClick={() => setEditing(true)}
          aria-label={`Edit the rule: ${sentence}`}
          className={buttonClass('ghost', 'sm', 'px-2.5')}
        >
          <Pencil aria-hidden="true" className="size-4" />
          Edit
        </button>
        <button
          type="button"
          onClick={() => setConfirming(true)}
          aria-label={`Delete the rule: ${sentence}`}
          className={buttonClass('ghost', 'sm', 'px-2.5 text-danger hover:text-danger')}
        >
          <Trash2 aria-hidden="true" className="size-4" />
          Delete
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete rule"
        message={`Delete this rule? ${sentence}. What only it hid shows again.`}
        confirmLabel="Delete"
        onConfirm={() => deleteRule(data.id)}
      />
    </li>
  );
}
