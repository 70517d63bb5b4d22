import type { ModuleFederation } from '@module-federation/enhanced/runtime';
import remoteFallbackPlugin from './fallback-plugin';
import { isUnavailableModule } from './unavailable-module';

type ErrorArgs = Parameters<
  NonNullable<ReturnType<typeof remoteFallbackPlugin>['errorLoadRemote']>
>[0];

const args = (lifecycle: ErrorArgs['lifecycle']): ErrorArgs => ({
  id: 'billing/TokensPage',
  error: new Error('RUNTIME-003'),
  from: 'runtime',
  lifecycle,
  origin: {} as ModuleFederation,
});

describe('remote fallback runtime plugin', () => {
  beforeEach(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });

  it('lets errors before onLoad through', async () => {
    const plugin = remoteFallbackPlugin();
    await expect(plugin.errorLoadRemote?.(args('afterResolve'))).resolves.toBeUndefined();
  });

  it('resolves loadRemote to a marked stand-in module at onLoad', async () => {
    const plugin = remoteFallbackPlugin();
    const stand = await plugin.errorLoadRemote?.(args('onLoad'));
    expect(isUnavailableModule(stand)).toBe(true);
    expect(stand).toMatchObject({ __esModule: true });
    expect(typeof (stand as { default: unknown }).default).toBe('function');
  });
});
