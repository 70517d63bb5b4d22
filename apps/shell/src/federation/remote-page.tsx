// Renders a remote page module by id: fetched the first time the page opens, inside an error
// boundary whose Retry clears the caches and loads it again.
import { loadRemote } from '@module-federation/enhanced/runtime';
import {
  forgetLoadedComponent,
  type LoadedComponent,
  RemoteErrorBoundary,
  Spinner,
  useLoadedComponent,
} from '@switchyard/console-kit';
import { useState } from 'react';
import type { RemoteModuleId } from '../routes/route-table';
import { registerRemoteMap } from './remote-registry';
import { isUnavailableModule } from './unavailable-module';

/** Module loads already under way, so a preload and the page's own load share one fetch. */
const pendingModules = new Map<RemoteModuleId, Promise<unknown>>();

function loadPageModule(id: RemoteModuleId): Promise<unknown> {
  let pending = pendingModules.get(id);
  if (!pending) {
    pending = loadRemote<unknown>(id);
    pendingModules.set(id, pending);
    // A failed load must be tried afresh next time, not replayed.
    pending.catch(() => pendingModules.delete(id));
  }
  return pending;
}

/** Starts fetching a page's remote code before React gets to render it. */
export function preloadRemotePage(id: RemoteModuleId): void {
  void loadPageModule(id).catch(() => {
    // The page's own load reports the failure (fallback with retry).
  });
}

/** A remote exposes `./LoginPage` exporting `LoginPage` (named; a default export also works). */
function pickComponent(module: unknown, id: RemoteModuleId): LoadedComponent {
  const exportName = id.slice(id.indexOf('/') + 1);
  const exports = (module ?? {}) as Record<string, unknown>;
  const component = exports[exportName] ?? exports.default;
  if (typeof component !== 'function' && typeof component !== 'object') {
    throw new Error(`${id} does not export a component named ${exportName}`);
  }
  return component as LoadedComponent;
}

/** The page component of a remote module (the fetch a preload started, if any). */
export async function loadRemotePage(id: RemoteModuleId): Promise<LoadedComponent> {
  const module = await loadPageModule(id);
  if (!module || isUnavailableModule(module)) {
    pendingModules.delete(id);
    throw new Error(`${id} is unavailable`, {
      cause: isUnavailableModule(module) ? module.__switchyardRemoteUnavailable.error : undefined,
    });
  }
  return pickComponent(module, id);
}

/** Forgets every loaded page component (tests start from a clean slate with it). */
export function forgetRemotePages(): void {
  forgetLoadedComponent(loadRemotePage);
  pendingModules.clear();
}

/** Forgets the failed component and re-reads /remotes.json, registering its remote anew. */
export async function retryRemotePage(id: RemoteModuleId): Promise<void> {
  forgetLoadedComponent(loadRemotePage, id);
  pendingModules.delete(id);
  await registerRemoteMap({ reload: id.slice(0, id.indexOf('/')) });
}

function LoadedRemotePage({ module }: { module: RemoteModuleId }) {
  const Page = useLoadedComponent(module, loadRemotePage);
  return Page ? <Page /> : <Spinner />;
}

export function RemotePage({ module }: { module: RemoteModuleId }) {
  const [attempt, setAttempt] = useState(0);
  return (
    <RemoteErrorBoundary
      module={module}
      onRetry={async () => {
        await retryRemotePage(module);
        setAttempt((value) => value + 1);
      }}
    >
      <LoadedRemotePage key={attempt} module={module} />
    </RemoteErrorBoundary>
  );
}
