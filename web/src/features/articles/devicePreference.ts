import { useCallback, useSyncExternalStore } from 'react';

const CHANGED = 'tidings:device-preference-changed';

function subscribe(onChange: () => void) {
  window.addEventListener(CHANGED, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(CHANGED, onChange);
    window.removeEventListener('storage', onChange);
  };
}

function read<Value extends string>(key: string, values: readonly Value[], fallback: Value): Value {
  try {
    const stored = window.localStorage.getItem(key);
    return values.includes(stored as Value) ? (stored as Value) : fallback;
  } catch {
    return fallback;
  }
}

/**
 * A choice kept on this device (in its storage, the same in all its tabs), for what suits a screen rather than an
 * account: where the reader opens, whether the list marks articles read as they scroll past.
 */
export function useDevicePreference<Value extends string>(key: string, values: readonly Value[], fallback: Value) {
  const value = useSyncExternalStore(
    subscribe,
    () => read(key, values, fallback),
    () => fallback,
  );
  const setValue = useCallback(
    (next: Value) => {
      try {
        window.localStorage.setItem(key, next);
      } catch {
        // Storage can be disabled: the choice then lasts until the page is left.
      }
      window.dispatchEvent(new Event(CHANGED));
    },
    [key],
  );
  return [value, setValue] as const;
}
