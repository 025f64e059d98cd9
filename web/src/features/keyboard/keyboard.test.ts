import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isScreenShortcut } from './keyTargets';
import { reconcileSelection, stepSelection } from './listSelection';
import { useListKeyboardNavigation } from './useListKeyboardNavigation';

describe('selection when the list changes', () => {
  it('resets when the length changes by more than one', () => {
    expect(reconcileSelection(['a', 'b', 'c', 'd'], ['x', 'a'], 'a')).toBeNull();
    expect(reconcileSelection(['a', 'b', 'c', 'd'], ['a', 'b'], 'a')).toBeNull();
    expect(reconcileSelection(['a', 'b'], ['n1', 'n2', 'n3', 'a', 'b'], 'a')).toBeNull();
  });

  it('keeps it when the next page is appended', () => {
    expect(reconcileSelection(['a', 'b'], ['a', 'b', 'c', 'd', 'e'], 'b')).toBe('b');
  });

  it('keeps it through a change of one, and hands it on when the selected item itself left', () => {
    expect(reconcileSelection(['a', 'b', 'c'], ['n', 'a', 'b', 'c'], 'b')).toBe('b');
    expect(reconcileSelection(['a', 'b', 'c'], ['a', 'c'], 'b')).toBe('c');
    expect(reconcileSelection(['a', 'b', 'c'], ['a', 'b'], 'c')).toBe('b');
    expect(reconcileSelection(['a', 'b', 'c'], ['x', 'y', 'z'], 'b')).toBeNull();
    expect(reconcileSelection(['a'], [], 'a')).toBeNull();
    expect(reconcileSelection(['a', 'b'], ['c'], null)).toBeNull();
  });

  it('steps within the list, starting at the first item', () => {
    expect(stepSelection(['a', 'b'], null, 1)).toBe('a');
    expect(stepSelection(['a', 'b'], null, -1)).toBe('a');
    expect(stepSelection(['a', 'b'], 'a', 1)).toBe('b');
    expect(stepSelection(['a', 'b'], 'b', 1)).toBe('b');
    expect(stepSelection(['a', 'b'], 'a', -1)).toBe('a');
    expect(stepSelection([], null, 1)).toBeNull();
  });
});

describe('screen shortcuts', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  const press = (target: Element, init: KeyboardEventInit = {}) => {
    const event = new KeyboardEvent('keydown', { key: 'j', bubbles: true, cancelable: true, ...init });
    Object.defineProperty(event, 'target', { value: target });
    return event;
  };

  it('leave typing, modifiers, handled keys, menus and open dialogs alone', () => {
    document.body.innerHTML =
      '<input id="field"><textarea id="area"></textarea><div id="editor" contenteditable="true"></div><div role="menu"><div id="item" role="menuitem"></div></div><p id="text"></p>';
    const byId = (id: string) => document.getElementById(id)!;
    expect(isScreenShortcut(press(byId('text')))).toBe(true);
    expect(isScreenShortcut(press(byId('field')))).toBe(false);
    expect(isScreenShortcut(press(byId('area')))).toBe(false);
    expect(isScreenShortcut(press(byId('item')))).toBe(false);
    expect(isScreenShortcut(press(byId('text'), { ctrlKey: true }))).toBe(false);
    expect(isScreenShortcut(press(byId('text'), { metaKey: true }))).toBe(false);
    const handled = press(byId('text'));
    handled.preventDefault();
    expect(isScreenShortcut(handled)).toBe(false);
    document.body.insertAdjacentHTML('beforeend', '<div role="alertdialog" data-state="open"></div>');
    expect(isScreenShortcut(press(byId('text')))).toBe(false);
  });

  it('leave contenteditable elements alone', () => {
    document.body.innerHTML = '<div id="editor" contenteditable="true"></div>';
    const editor = document.getElementById('editor')!;
    // jsdom does not compute isContentEditable, so the check is on the attribute's effect.
    Object.defineProperty(editor, 'isContentEditable', { value: true });
    expect(isScreenShortcut(press(editor))).toBe(false);
  });
});

describe('list keyboard navigation', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  const key = (name: string) =>
    act(() => void window.dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true, cancelable: true })));

  it('steps with j and k, opens with Enter, clears with Escape', () => {
    const onOpen = vi.fn();
    const { result } = renderHook(() => useListKeyboardNavigation({ ids: ['a', 'b', 'c'], onOpen }));
    key('j');
    expect(result.current.selectedId).toBe('a');
    key('j');
    key('j');
    key('k');
    expect(result.current.selectedId).toBe('b');
    key('Enter');
    expect(onOpen).toHaveBeenCalledWith('b');
    key('Escape');
    expect(result.current.selectedId).toBeNull();
  });

  it('marks a selection that stays put for 500 ms, and only that one', () => {
    const onDwell = vi.fn();
    renderHook(() => useListKeyboardNavigation({ ids: ['a', 'b'], onOpen: vi.fn(), onDwell }));
    key('j');
    act(() => void vi.advanceTimersByTime(300));
    key('j');
    act(() => void vi.advanceTimersByTime(499));
    expect(onDwell).not.toHaveBeenCalled();
    act(() => void vi.advanceTimersByTime(1));
    expect(onDwell).toHaveBeenCalledExactlyOnceWith('b');
  });

  it('asks for more at the last loaded item, and keeps the selection as the page arrives', () => {
    const onReachEnd = vi.fn();
    const { result, rerender } = renderHook(({ ids }) => useListKeyboardNavigation({ ids, onOpen: vi.fn(), onReachEnd }), {
      initialProps: { ids: ['a', 'b'] },
    });
    key('j');
    expect(onReachEnd).not.toHaveBeenCalled();
    key('j');
    expect(onReachEnd).toHaveBeenCalledTimes(1);
    rerender({ ids: ['a', 'b', 'c', 'd'] });
    expect(result.current.selectedId).toBe('b');
    key('j');
    expect(result.current.selectedId).toBe('c');
  });

  it('starts over when the list is replaced', () => {
    const { result, rerender } = renderHook(({ ids }) => useListKeyboardNavigation({ ids, onOpen: vi.fn() }), {
      initialProps: { ids: ['a', 'b', 'c'] },
    });
    key('j');
    rerender({ ids: ['x'] });
    expect(result.current.selectedId).toBeNull();
  });
});
