// A component loaded the first time it is needed (a page, the list's desktop table) and rendered as
// soon as its code is here.
//
// Not React.lazy under Suspense: React holds a Suspense boundary's content back until 300 ms after
// the latest fallback was shown (its retry throttle), so on a cold start the first page appeared up
// to 300 ms after its code had arrived (measured on /token: code in at 460 ms, page at 630). A state
// update is rendered at once.
import { type ComponentType, useEffect, useState } from 'react';

export type LoadedComponent = ComponentType<object>;

type Load<K extends string> = (key: K) => Promise<LoadedComponent>;

/** Per loader (each remote's copy of a module loads its own), the components it has loaded. */
const loadedBy = new WeakMap<object, Map<string, LoadedComponent>>();

function loadedOf(load: object): Map<string, LoadedComponent> {
  let loaded = loadedBy.get(load);
  if (!loaded) {
    loaded = new Map();
    loadedBy.set(load, loaded);
  }
  return loaded;
}

/**
 * The component `load(key)` resolves to, or null while it loads. A failed load is thrown while
 * rendering, for the error boundary around it; remounting (a new React key) tries again. `load`
 * must be a stable function (module level), as the load runs again only for a new key.
 */
export function useLoadedComponent<K extends string>(
  key: K,
  load: Load<K>,
): LoadedComponent | null {
  const [failure, setFailure] = useState<{ key: string; error: unknown } | null>(null);
  const [, setArrived] = useState<string | null>(null);
  const loaded = loadedOf(load);
  useEffect(() => {
    if (loaded.has(key)) return;
    let current = true;
    load(key).then(
      (component) => {
        loaded.set(key, component);
        if (current) setArrived(key);
      },
      (error: unknown) => {
        if (current) setFailure({ key, error });
      },
    );
    return () => {
      current = false;
    };
  }, [key, load, loaded]);
  const component = loaded.get(key);
  if (component) return component;
  if (failure?.key === key) throw failure.error;
  return null;
}

/**
 * A loader for useLoadedComponent that imports once, however often it is called (ahead of need and
 * then while rendering); a failed import is tried afresh on the next call.
 */
export function loadOnce(importer: () => Promise<LoadedComponent>): () => Promise<LoadedComponent> {
  let loading: Promise<LoadedComponent> | undefined;
  return () => {
    if (!loading) {
      const current = importer();
      loading = current;
      current.catch(() => {
        if (loading === current) loading = undefined;
      });
    }
    return loading;
  };
}

/** Forgets what `load` loaded for one key (its retry loads it afresh), or for every key. */
export function forgetLoadedComponent<K extends string>(load: Load<K>, key?: K): void {
  const loaded = loadedBy.get(load);
  if (key === undefined) loaded?.clear();
  else loaded?.delete(key);
}
