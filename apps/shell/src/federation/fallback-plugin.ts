// Federation runtime plugin: when a remote module cannot be loaded (manifest 404, host down, chunk
// missing), loadRemote resolves to a stand-in module instead of rejecting. Runtime plugins run
// during federation init, before shared modules exist: only `import type` at the top level, and
// React and the console kit are imported inside the hook.
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { UNAVAILABLE_MARK, type UnavailableModule } from './unavailable-module';

export default function remoteFallbackPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'switchyard-remote-fallback',
    async errorLoadRemote({ id, error, lifecycle }) {
      // Called first at afterResolve (let it throw), then at onLoad, whose return value loadRemote uses.
      if (lifecycle !== 'onLoad') return undefined;
      console.warn(`[console] remote module ${id} is unavailable`, error);
      const [{ createElement }, { PageFallback, i18next }] = await Promise.all([
        import('react'),
        import('@switchyard/console-kit'),
      ]);
      const RemoteUnavailable = () =>
        createElement(PageFallback, {
          testId: 'remote-fallback',
          title: i18next.t('common:remote.unavailable', { module: id }),
          subTitle: i18next.t('common:remote.unavailableHint'),
        });
      const stand: UnavailableModule = {
        __esModule: true,
        default: RemoteUnavailable,
        [UNAVAILABLE_MARK]: { id, error },
      };
      return stand;
    },
  };
}
