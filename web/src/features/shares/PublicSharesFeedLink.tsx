import Rss from 'lucide-react/icons/rss';
import { cx } from '../../ui/cx';

type Props = {
  /** The address of the RSS feed (the server's `User.publicSharesFeedUrl`). */
  href: string;
  /** Whose shares, for feed readers and browsers that list the page's feeds: "Ada’s public shares". */
  title: string;
  className?: string;
};

/**
 * The link to a person's public shares as RSS, which anyone may subscribe to without an account. While it is shown,
 * the document's head advertises the same feed (`<link rel="alternate">`, which React places in the head and takes
 * away again when the screen goes), so feed readers and browser extensions find it on the page.
 */
export function PublicSharesFeedLink({ href, title, className }: Props) {
  return (
    <>
      <link rel="alternate" type="application/rss+xml" title={title} href={href} />
      <a
        href={href}
        target="_blank"
        rel="noopener"
        className={cx(
          'inline-flex items-center gap-1.5 rounded text-sm font-medium text-muted underline-offset-2 transition-colors hover:text-accent-strong hover:underline',
          className,
        )}
      >
        <Rss aria-hidden="true" className="size-4 shrink-0 text-accent-strong" />
        RSS of public shares
      </a>
    </>
  );
}
