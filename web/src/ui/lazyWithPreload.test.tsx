import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { lazyWithPreload, useLoadedAfterPaint } from './lazyWithPreload';

const Feeds = () => <p>Feeds</p>;

describe('useLoadedAfterPaint', () => {
  it('starts the load after the next frame, not during the render, and answers the component once it is there', async () => {
    const load = vi.fn(async () => Feeds);
    const frames: FrameRequestCallback[] = [];
    const requestFrame = vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    try {
      const { result } = renderHook(() => useLoadedAfterPaint(lazyWithPreload(load)));
      expect(result.current).toBeNull();
      expect(load).not.toHaveBeenCalled();
      frames.forEach((callback) => callback(0));
      expect(load).not.toHaveBeenCalled(); // the frame paints first
      await waitFor(() => expect(result.current).toBe(Feeds));
      expect(load).toHaveBeenCalledTimes(1);
    } finally {
      requestFrame.mockRestore();
    }
  });

  it('answers a component already loaded at once', async () => {
    const feeds = lazyWithPreload(async () => Feeds);
    await feeds.preload();
    const { result } = renderHook(() => useLoadedAfterPaint(feeds));
    expect(result.current).toBe(Feeds);
  });

  it('answers the lazy component after a failed load, so that rendering it shows the error', async () => {
    const feeds = lazyWithPreload(() => Promise.reject(new Error('offline')));
    const { result } = renderHook(() => useLoadedAfterPaint(feeds));
    await waitFor(() => expect(result.current).toBe(feeds.Component));
  });
});
