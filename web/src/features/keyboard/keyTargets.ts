/** True when a key press belongs to a text field: an input, textarea, select or contenteditable element. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target.closest('input, textarea, select')) return true;
  return target instanceof HTMLElement && target.isContentEditable;
}

// Radix dialogs mark themselves data-state="open" rather than aria-modal, so both are looked for.
const OPEN_MODAL =
  '[role="dialog"][aria-modal="true"], [role="alertdialog"][aria-modal="true"], [role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]';

/** True while a modal dialog is open: its keys are its own, the screen behind must not react. */
export function isModalOpen(root: ParentNode = document): boolean {
  return root.querySelector(OPEN_MODAL) !== null;
}

/** True when a key press is a plain shortcut for the screen: no modifier, unclaimed, not typing, no modal or menu. */
export function isScreenShortcut(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return false;
  if (isTypingTarget(event.target)) return false;
  // An open menu navigates with its own keys (Radix menus take letters for typeahead).
  if (event.target instanceof Element && event.target.closest('[role="menu"]')) return false;
  return !isModalOpen();
}

/** True when the key press lands on a control with its own Enter (a link, button or form control). */
export function isInteractiveTarget(target: EventTarget | null): boolean {
  return (
    target instanceof Element &&
    target.closest('a[href], button, input, textarea, select, summary, [role="button"], [role="link"]') !== null
  );
}
