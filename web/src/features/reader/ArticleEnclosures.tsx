import Download from 'lucide-react/icons/download';
import { graphql, useFragment } from 'react-relay';
import { formatBytes, formatDuration, isVideo } from '../articles/episodeLength';
import type { ArticleEnclosures_article$key } from './__generated__/ArticleEnclosures_article.graphql';

/**
 * The article's audio and video files (a podcast episode) above its text: a native player for each, with its
 * running time and a download link. `preload="none"`: opening an episode fetches nothing until it is played.
 */
export function ArticleEnclosures({ article }: { article: ArticleEnclosures_article$key }) {
  const { enclosures, title } = useFragment(
    graphql`
      fragment ArticleEnclosures_article on Article {
        title
        enclosures {
          url
          type
          length
          durationSeconds
        }
      }
    `,
    article,
  );
  if (enclosures.length === 0) return null;
  return (
    <section aria-label={enclosures.length === 1 ? 'Episode' : 'Episodes'} className="mb-8 space-y-4 sm:mb-10">
      {enclosures.map((enclosure) => {
        const video = isVideo(enclosure.type);
        const details = [formatDuration(enclosure.durationSeconds), formatBytes(enclosure.length)].filter(Boolean).join(' · ');
        return (
          <figure key={enclosure.url} className="rounded-2xl border border-line bg-surface p-3 shadow-sm sm:p-4">
            {video ? (
              <video controls preload="none" src={enclosure.url} aria-label={title} className="aspect-video w-full rounded-lg bg-black">
                <track kind="captions" />
              </video>
            ) : (
              <audio controls preload="none" src={enclosure.url} aria-label={title} className="w-full" />
            )}
            <figcaption className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 px-1 text-sm text-muted">
              <span>
                {video ? 'Video' : 'Episode'}
                {details && ` · ${details}`}
              </span>
              <span className="flex-1" />
              <a
                href={enclosure.url}
                download
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1.5 rounded font-medium text-accent-strong underline-offset-4 hover:underline"
              >
                <Download aria-hidden="true" className="size-4" />
                Download
              </a>
            </figcaption>
          </figure>
        );
      })}
    </section>
  );
}
