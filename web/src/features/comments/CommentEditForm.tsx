import { useId, useState, type FormEvent } from 'react';
import { buttonClass } from '../../ui/button';
import { COMMENT_MAX } from '@tidings/shared/limits';
import { MentionTextarea } from './MentionTextarea';
import { useEditComment } from './useEditComment';

type Props = { commentId: string; content: string; onDone: () => void };

/** A comment's text edited in place: Save needs non-blank text of at most 5000 characters; Escape cancels. */
export function CommentEditForm({ commentId, content, onDone }: Props) {
  const id = useId();
  const [text, setText] = useState(content);
  const [save, saving] = useEditComment();
  const trimmed = text.trim();
  const valid = trimmed.length > 0 && trimmed.length <= COMMENT_MAX;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (valid && !saving) save(commentId, trimmed, onDone);
  };

  return (
    <form onSubmit={submit} className="mt-2">
      <label htmlFor={id} className="sr-only">
        Edit your comment
      </label>
      <MentionTextarea
        id={id}
        autoFocus
        rows={3}
        maxLength={COMMENT_MAX}
        value={text}
        onValueChange={setText}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onDone();
        }}
      />
      <div className="mt-2 flex justify-end gap-2">
        <button type="button" onClick={onDone} className={buttonClass('secondary', 'sm')}>
          Cancel
        </button>
        <button type="submit" disabled={!valid || saving} className={buttonClass('primary', 'sm')}>
          {saving ? 'Saving...' : 'Save'}
        </button>
      </div>
    </form>
  );
}
