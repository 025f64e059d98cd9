import Layers from 'lucide-react/icons/layers';
import { useId } from 'react';
import { graphql, useFragment } from 'react-relay';
import type { ArticleListsSection_viewer$key } from './__generated__/ArticleListsSection_viewer.graphql';
import { SettingsSection } from './SettingsSection';
import { useSetStoryGrouping } from './useSetStoryGrouping';

/** The Article Lists section: how the lists read on every device, kept on the account (one card per story or not). */
export function ArticleListsSection({ viewer }: { viewer: ArticleListsSection_viewer$key }) {
  const { id, groupStories } = useFragment(
    graphql`
      fragment ArticleListsSection_viewer on User {
        id
        groupStories
      }
    `,
    viewer,
  );
  const setGrouping = useSetStoryGrouping(id);
  const hintId = useId();
  return (
    <SettingsSection id="lists" title="Article Lists" icon={Layers} description="How your article lists read, on every device.">
      <label className="flex cursor-pointer items-start gap-3">
        <input
          type="checkbox"
          role="switch"
          // Grouping is the account's default: an answer without the setting reads as on.
          checked={groupStories ?? true}
          onChange={(event) => setGrouping(event.target.checked)}
          aria-describedby={hintId}
          className="mt-0.5 size-5 shrink-0 accent-accent"
        />
        <span className="min-w-0">
          <span className="block font-medium text-ink">Group copies of the same story</span>
          <span id={hintId} className="mt-0.5 block text-sm text-muted">
            One card per story when several of your feeds carry it
          </span>
        </span>
      </label>
    </SettingsSection>
  );
}
