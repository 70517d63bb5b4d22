// A page's component, loaded the first time it is opened and rendered as soon as its code is here.
//
// Not React.lazy under Suspense: React holds a Suspense boundary's content back until 300 ms after
// the latest fallback was shown (its retry throttle), so on a cold start the first page appeared up
// to 300 ms after its code had arrived (measured on /token: code in at 460 ms, page at 630). A state
// update is rendered at once.
import { type ComponentType, useEffect, useState } from 'react';

export type PageComponent = ComponentType<object>;

const loadedPages = new Map<string, PageComponent>();

/**
 * The component `load(key)` resolves to, or null while it loads. A failed load is thrown while
 * rendering, for the error boundary around the page; remounting (a new React key) tries again.
 * `load` must be a stable function (module level), as the load runs again only for a new key.
 */
export function useLoadedPage<K extends string>(
  key: K,
  load: (key: K) => Promise<PageComponent>,
): PageComponent | null {
  const [failure, setFailure] = useState<{ key: string; error: unknown } | null>(null);
  const [, setArrived] = useState<string | null>(null);
  const loaded = loadedPages.get(key);
  useEffect(() => {
    if (loadedPages.has(key)) return;
    let current = true;
    load(key).then(
      (component) => {
        loadedPages.set(key, component);
        if (current) setArrived(key);
      },
      (error: unknown) => {
        if (current) setFailure({ key, error });
      },
    );
    return () => {
      current = false;
    };
  }, [key, load]);
  if (loaded) return loaded;
  if (failure?.key === key) throw failure.error;
  return null;
}

/** Forgets one loaded page (its retry loads it afresh), or every page (tests). */
export function forgetLoadedPage(key?: string): void {
  if (key === undefined) loadedPages.clear();
  else loadedPages.delete(key);
}
