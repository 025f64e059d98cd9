import { useCallback, useSyncExternalStore } from 'react';
import { appStorage } from '../../auth/storage';

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
  const stored = appStorage.getItem(key);
  return values.includes(stored as Value) ? (stored as Value) : fallback;
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
        appStorage.setItem(key, next);
      } catch {
        // A full store refuses the write: the choice then lasts until the page is left.
      }
      window.dispatchEvent(new Event(CHANGED));
    },
    [key],
  );
  return [value, setValue] as const;
}
