/** The element with `id`; the pages are ours, so a missing one is a bug worth failing loudly on. */
export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const element = document.getElementById(id);
  if (!element) throw new Error(`Missing #${id}`);
  return element as T;
}

export function showStatus(element: HTMLElement, text: string, kind: 'ok' | 'error' | 'pending'): void {
  element.className = `status ${kind}`;
  element.replaceChildren(text);
}
