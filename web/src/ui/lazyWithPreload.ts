import { lazy, useEffect, useState, type ComponentType } from 'react';
import { loadWhenOnline } from './loadWhenOnline';

/**
 * A component kept out of the first screen's JavaScript: `Component` renders it (suspending while its chunk
 * loads), `preload` starts that load early (while a query runs, or when the pointer comes near a button). Asked for
 * offline, it loads once the connection is back (loadWhenOnline).
 */
export function lazyWithPreload<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  let loading: Promise<ComponentType<Props>> | undefined;
  let loaded: ComponentType<Props> | undefined;
  const preload = () =>
    (loading ??= loadWhenOnline(load).then((component) => {
      loaded = component;
      return component;
    }));
  const Component = lazy(async () => ({ default: await preload() }));
  return { Component, preload, loaded: () => loaded };
}

type LazyWithPreload<Props extends object> = ReturnType<typeof lazyWithPreload<Props>>;

/**
 * `lazyComponent` once its chunk is there (null until then), its load started after the screen has been painted:
 * started while the first screen renders, a chunk's load inserts a module preload per file it imports, which the
 * browser handles before it paints. After a failed load it answers the lazy component, which shows the error.
 */
export function useLoadedAfterPaint<Props extends object>(lazyComponent: LazyWithPreload<Props>): ComponentType<Props> | null {
  const [component, setComponent] = useState<{ Loaded: ComponentType<Props> } | null>(() => {
    const loaded = lazyComponent.loaded();
    return loaded ? { Loaded: loaded } : null;
  });
  useEffect(() => {
    if (component) return;
    let mounted = true;
    const settle = (Loaded: ComponentType<Props>) => mounted && setComponent({ Loaded });
    // A frame's callback runs before its paint; the task it queues runs after.
    const frame = requestAnimationFrame(() =>
      setTimeout(() => lazyComponent.preload().then(settle, () => settle(lazyComponent.Component))),
    );
    return () => {
      mounted = false;
      cancelAnimationFrame(frame);
    };
  }, [lazyComponent, component]);
  return component?.Loaded ?? null;
}
