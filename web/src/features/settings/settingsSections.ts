import { useCallback, useEffect, useRef, useState } from 'react';

/** The sections of Account Settings in the screen's order: each one's anchor (SettingsSection's id) and title. */
export const SETTINGS_SECTIONS = [
  { id: 'account', title: 'Account & Security' },
  { id: 'feeds', title: 'Feed Management' },
  { id: 'lists', title: 'Article Lists' },
  { id: 'rules', title: 'Rules' },
  { id: 'newsletters', title: 'Newsletters' },
  { id: 'reading', title: 'Reading on This Device' },
  { id: 'extension', title: 'Browser Extension' },
  { id: 'bookmarklet', title: 'Bookmarklet' },
  { id: 'api-tokens', title: 'API Tokens' },
  { id: 'invites', title: 'Invite Codes' },
  { id: 'digest', title: 'Digest Preferences' },
  { id: 'shortcuts', title: 'Keyboard Shortcuts' },
] as const;

export type SectionPosition = { id: string; top: number };

/**
 * The section being read: the last one whose top has passed `line` (pixels from the top of the window), else the
 * first. At the bottom of the page the sections below the line can rise no further, so there it is the one just
 * jumped to, or else the last.
 */
export function currentSection(
  positions: readonly SectionPosition[],
  { line, atBottom, chosen }: { line: number; atBottom: boolean; chosen: string | null },
): string | null {
  if (positions.length === 0) return null;
  if (atBottom) return chosen && positions.some((section) => section.id === chosen) ? chosen : positions.at(-1)!.id;
  let current = positions[0]!.id;
  for (const section of positions) if (section.top <= line) current = section.id;
  return current;
}

/**
 * Follows the window's scroll: returns the current section of `SETTINGS_SECTIONS` that are on the page, and `jump`,
 * which brings a section's heading under the top bars, moves the focus there and puts its anchor in the address.
 */
export function useSettingsSections() {
  const [current, setCurrent] = useState<string | null>(SETTINGS_SECTIONS[0].id);
  const chosen = useRef<string | null>(null);

  useEffect(() => {
    let frame = 0;
    const measure = () => {
      frame = 0;
      const positions = SETTINGS_SECTIONS.flatMap(({ id }) => {
        const section = document.getElementById(id);
        return section ? [{ id, top: section.getBoundingClientRect().top }] : [];
      });
      const atBottom = window.scrollY > 0 && window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
      // A jump is remembered only as long as the page stays where it put it.
      if (!atBottom) chosen.current = null;
      // A quarter down the window, and never above where a jump puts a section's top (its scroll margin).
      const line = Math.max(140, window.innerHeight / 4);
      setCurrent(currentSection(positions, { line, atBottom, chosen: chosen.current }));
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    measure();
    // Sections that finish loading or open a panel move the others without a scroll.
    const resized = new ResizeObserver(schedule);
    resized.observe(document.body);
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      cancelAnimationFrame(frame);
      resized.disconnect();
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
    };
  }, []);

  const jump = useCallback((id: string) => {
    const section = document.getElementById(id);
    if (!section) return;
    chosen.current = id;
    setCurrent(id);
    // Not through the router: the same screen with another hash would load its data again.
    window.history.replaceState(window.history.state, '', `#${id}`);
    section.scrollIntoView({ block: 'start' });
    const heading = document.getElementById(`${id}-heading`);
    if (heading) {
      heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
    }
  }, []);

  return { current, jump };
}
