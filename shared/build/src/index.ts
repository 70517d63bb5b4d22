// Build presets of the console: the shared singletons and the rsbuild configs of shell and remotes.
export { buildDefines, resolveBuildId } from './build-id';
export { defineRemoteConfig, type RemoteConfigOptions } from './define-remote-config';
export { defineShellConfig, type ShellConfigOptions } from './define-shell-config';
export { overrideRemotes, parseDevRemotes } from './dev-remotes-middleware';
export {
  LOAD_MANIFEST_FILE,
  type LoadGroup,
  type LoadManifest,
  type LoadRoute,
  loadManifestFromStats,
} from './load-manifest-plugin';
export {
  DEV_API_TARGET,
  DEV_PORTS,
  isRemoteName,
  REMOTE_NAMES,
  type RemoteName,
  SHELL_DEV_PORT,
} from './remotes';
export { SHARED_SINGLETONS, type SharedSingletonName, type SingletonConfig } from './shared-deps';
