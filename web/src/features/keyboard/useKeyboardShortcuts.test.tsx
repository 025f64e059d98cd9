import { createRoot } from 'react-dom/client';
import { afterEach, expect, it, vi } from 'vitest';
import { useKeyboardShortcuts } from './useKeyboardShortcuts';

function Screen({ onSlash }: { onSlash: () => void }) {
  useKeyboardShortcuts({ '/': onSlash });
  return <button type="button">Search</button>;
}

const previousActEnvironment = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT;
afterEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = previousActEnvironment;
});

it('hears a key pressed the moment the screen shows, before it is painted', async () => {
  // Rendered as the app renders (no act, which would flush everything before the key): the key is pressed from the
  // first look at the new DOM, as a person or a browser test may do before React's passive effects have run.
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
  const container = document.body.appendChild(document.createElement('div'));
  const onSlash = vi.fn();
  const pressed = new Promise<void>((resolve) => {
    const observer = new MutationObserver(() => {
      observer.disconnect();
      window.dispatchEvent(new KeyboardEvent('keydown', { key: '/', bubbles: true }));
      resolve();
    });
    observer.observe(container, { childList: true });
  });
  const root = createRoot(container);
  root.render(<Screen onSlash={onSlash} />);
  await pressed;
  expect(onSlash).toHaveBeenCalledOnce();
  root.unmount();
  container.remove();
});
