import { graphql, useFragment } from 'react-relay';
import type { EpisodeBadge_article$key } from './__generated__/EpisodeBadge_article.graphql';
import { formatDuration, isVideo } from './episodeLength';

/** "episode · 42 min" in an article row whose article is a podcast episode or a video file. */
export function EpisodeBadge({ article }: { article: EpisodeBadge_article$key }) {
  const { enclosures } = useFragment(
    graphql`
      fragment EpisodeBadge_article on Article {
        enclosures {
          type
          durationSeconds
        }
      }
    `,
    article,
  );
  const [first] = enclosures;
  if (!first) return null;
  const duration = formatDuration(first.durationSeconds);
  return (
    <span className="shrink-0 rounded-full bg-accent-soft px-1.5 py-px text-[0.6875rem] font-medium text-accent-strong">
      {isVideo(first.type) ? 'video' : 'episode'}
      {duration && ` · ${duration}`}
    </span>
  );
}
