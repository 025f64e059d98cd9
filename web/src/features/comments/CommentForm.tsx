import Send from 'lucide-react/icons/send';
import { useId, useState, type FormEvent } from 'react';
import { buttonClass } from '../../ui/button';
import { COMMENT_MAX } from '@tidings/shared/limits';
import { MentionTextarea } from './MentionTextarea';
import { useCreateComment } from './useCreateComment';

/**
 * The comment form: Post Comment is disabled while the text is blank; @ suggests people.
 * `connectionId` is the article's comments connection, where the new comment goes.
 */
export function CommentForm({ articleId, connectionId }: { articleId: string; connectionId: string }) {
  const id = useId();
  const [content, setContent] = useState('');
  const [post, posting] = useCreateComment(articleId, connectionId);
  const trimmed = content.trim();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (trimmed && !posting) post(trimmed, () => setContent(''));
  };

  return (
    <form onSubmit={submit} aria-label="Add a comment" className="mt-5">
      <label htmlFor={id} className="sr-only">
        Your comment
      </label>
      <MentionTextarea
        id={id}
        rows={3}
        maxLength={COMMENT_MAX}
        placeholder="Add a comment... Use @username to mention people."
        value={content}
        onValueChange={setContent}
        className="min-h-24"
      />
      <div className="mt-2.5 flex justify-end">
        <button type="submit" disabled={!trimmed || posting} className={buttonClass('primary', 'sm')}>
          <Send aria-hidden="true" className="size-4" />
          Post Comment
        </button>
      </div>
    </form>
  );
}
