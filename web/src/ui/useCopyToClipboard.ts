import { useCallback, useEffect, useRef, useState } from 'react';
import { notify } from './toast';

/** How long a copy button says it copied. */
export const COPIED_MS = 2000;

/**
 * Copies text and says so: a success toast (`copiedText`) and `copied` true for 2000 ms, for a button that
 * shows "Copied". A browser that refuses the clipboard gets an error toast instead.
 */
export function useCopyToClipboard(copiedText: string): [copy: (text: string) => void, copied: boolean] {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = useCallback(
    (text: string) => {
      navigator.clipboard.writeText(text).then(
        () => {
          notify.success(copiedText);
          setCopied(true);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => setCopied(false), COPIED_MS);
        },
        () => notify.error('Could not copy to the clipboard', { description: 'Select the text and copy it yourself.' }),
      );
    },
    [copiedText],
  );
  return [copy, copied];
}
