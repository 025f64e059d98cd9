import { Fragment } from 'react';
import { linkify } from '../notifications/linkify';
import { mentionSegments } from './mentions';

/**
 * A comment or share note as the plain text it is (the API stores and answers text, never HTML): React escapes
 * it, line breaks stay, web addresses become links that open in a new tab and @mentions stand out: exactly the
 * ones the server resolved to an account (`mentions`).
 */
export function CommentText({ text, mentions }: { text: string; mentions: readonly string[] }) {
  return (
    <p className="mt-1.5 whitespace-pre-wrap break-words text-[0.95rem] leading-relaxed text-ink">
      {linkify(text).map((segment, index) =>
        segment.kind === 'link' ? (
          <a
            key={index}
            href={segment.href}
            target="_blank"
            rel="noopener noreferrer"
            className="break-all font-medium text-accent-strong underline underline-offset-2"
          >
            {segment.text}
          </a>
        ) : (
          <Fragment key={index}>
            {mentionSegments(segment.text, mentions).map((part, partIndex) =>
              part.kind === 'mention' ? (
                <strong key={partIndex} className="font-semibold text-accent-strong">
                  {part.text}
                </strong>
              ) : (
                part.text
              ),
            )}
          </Fragment>
        ),
      )}
    </p>
  );
}
