import { notify } from '../../ui/toast';

/** `stopped`: why the job ended before trying every address (its time ran out), when it did. */
export type BulkSummary = {
  readonly subscribed: number;
  readonly skipped: number;
  readonly errors: number;
  readonly stopped?: string | null;
};

const feeds = (count: number) => `${count} ${count === 1 ? 'feed' : 'feeds'}`;

/** What a bulk subscribe says, one toast per kind of outcome it had. */
export function bulkSubscribeMessages({ subscribed, skipped, errors, stopped }: BulkSummary) {
  const messages: { kind: 'success' | 'info' | 'error'; text: string }[] = [];
  if (subscribed > 0) messages.push({ kind: 'success', text: `Subscribed to ${feeds(subscribed)}!` });
  if (skipped > 0) messages.push({ kind: 'info', text: `${feeds(skipped)} ${skipped === 1 ? 'was' : 'were'} already subscribed` });
  if (errors > 0) messages.push({ kind: 'error', text: `Failed to subscribe to ${feeds(errors)}` });
  if (stopped) messages.push({ kind: 'error', text: stopped });
  return messages;
}

export function toastBulkSummary(summary: BulkSummary): void {
  for (const { kind, text } of bulkSubscribeMessages(summary)) notify[kind](text);
}

/** 'N feed(s) selected' in the sticky bar. */
export function selectedText(count: number): string {
  return `${feeds(count)} selected`;
}
