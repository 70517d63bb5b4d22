// The build id every app embeds as SWITCHYARD_BUILD_ID: env SWITCHYARD_BUILD_ID, else the package version.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export function resolveBuildId(appRoot: string, env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env.SWITCHYARD_BUILD_ID?.trim();
  if (fromEnv) return fromEnv;
  const pkg = JSON.parse(readFileSync(join(appRoot, 'package.json'), 'utf8')) as {
    version?: string;
  };
  return pkg.version ?? '0.0.0';
}

/** The compile-time constants every app gets (declare them in the app's env.d.ts). */
export function buildDefines(appRoot: string): Record<string, string> {
  return { SWITCHYARD_BUILD_ID: JSON.stringify(resolveBuildId(appRoot)) };
}
