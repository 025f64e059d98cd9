import { lazy, type ComponentType } from 'react';

/**
 * A component kept out of the first screen's JavaScript: `Component` renders it (suspending while its chunk
 * loads), `preload` starts that load early (while a query runs, or when the pointer comes near a button).
 */
export function lazyWithPreload<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  let loading: Promise<ComponentType<Props>> | undefined;
  const preload = () => (loading ??= load());
  const Component = lazy(async () => ({ default: await preload() }));
  return { Component, preload };
}
