// Test helper: browser APIs arco needs that jsdom lacks.

/** arco's Grid (inside Form.Item) subscribes to media queries; jsdom has no matchMedia. */
export function installMatchMedia(): void {
  if (typeof window === 'undefined' || typeof window.matchMedia === 'function') return;
  // A plain `(max-width: Npx)` query follows window.innerWidth so phone layouts can be tested;
  // anything else does not match.
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: maxWidthMatches(query),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  });
}

function maxWidthMatches(query: string): boolean {
  const found = /^\(max-width: (\d+)px\)$/.exec(query.trim());
  return found ? window.innerWidth <= Number(found[1]) : false;
}
