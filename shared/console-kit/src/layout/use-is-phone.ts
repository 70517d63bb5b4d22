// One phone breakpoint for the whole console: below 768 px the sidebar becomes a drawer and every
// list renders cards. A media query (not a resize listener) so it follows rotation and zoom.
import { useSyncExternalStore } from 'react';

export const PHONE_MAX_WIDTH = 767;
const QUERY = `(max-width: ${PHONE_MAX_WIDTH}px)`;

const mediaQuery = (): MediaQueryList | undefined =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(QUERY)
    : undefined;

const subscribe = (onChange: () => void): (() => void) => {
  const media = mediaQuery();
  if (!media) return () => undefined;
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
};

// Test environments without matchMedia fall back to the window width.
const snapshot = (): boolean => {
  const media = mediaQuery();
  if (media) return media.matches;
  return typeof window !== 'undefined' && window.innerWidth <= PHONE_MAX_WIDTH;
};

export function useIsPhone(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}

/** Whether the screen is a phone's now (outside React: what to load ahead). */
export const isPhoneScreen = (): boolean => snapshot();
