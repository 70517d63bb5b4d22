// The files the opened page's remote will need, which the server names in the app page as a JSON
// data block and the shell's entry requests as it starts (apps/shell/src/federation/page-hints.ts).
// Not links in the page's head: those are all fetched at once, and on a slow link the route's files
// took their share of the bandwidth from the shell's entry, which then arrived last and held every
// later step back. Kept out of the shared contracts entry: the shell's entry reads it before any
// shared module can be loaded.

// A developer's remote overrides replace the files the server names: the entry reads their key.
export { REMOTE_OVERRIDES_KEY } from './remotes';

/** The id of the `<script type="application/json">` element holding the page's hints. */
export const INLINE_PAGE_HINTS_ID = 'sy-page-hints';

export interface PageHint {
  href: string;
  as: 'script' | 'style' | 'fetch';
  /**
   * How a style or the manifest is linked. A remote's files are prefetched (into the HTTP cache)
   * rather than preloaded: Chromium hands a failed preload to the later request for the same URL,
   * so a remote that was unreachable when the page loaded could not be retried without a reload; a
   * failed prefetch is simply not kept. Scripts are not linked but run as they arrive (the shell's
   * page-hints.ts).
   */
  rel: 'preload' | 'prefetch';
}

const AS = new Set<unknown>(['script', 'style', 'fetch']);
const REL = new Set<unknown>(['preload', 'prefetch']);

/** The hints of a JSON text; anything that is not a same-origin path is left out. */
export function parsePageHints(text: string | null | undefined): PageHint[] {
  let value: unknown;
  try {
    value = JSON.parse(text ?? '');
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  return value.filter((hint): hint is PageHint => {
    if (typeof hint !== 'object' || hint === null) return false;
    const { href, as, rel } = hint as Record<string, unknown>;
    return typeof href === 'string' && /^\/(?!\/)/.test(href) && AS.has(as) && REL.has(rel);
  });
}
