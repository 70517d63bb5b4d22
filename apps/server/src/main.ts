// Starts the server: config → database → migrate → bootstrap root → listen → print.
// First, before any package loads: holds the young generation's size while starting.
import './ops/young-generation-hold';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { describeDatabase } from './db/database';
import { rootUsesDefaultPassword } from './modules/users/root.setup';
import { isProbe } from './ops';
import { shutdownGracefully } from './ops/shutdown';
import { releaseOnFirstTraffic } from './ops/young-generation';
import { createRuntime } from './runtime';

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const runtime = await createRuntime(config, {
    warn: (object: { err?: unknown }, message?: string) => {
      const reason = object.err instanceof Error ? `: ${object.err.message}` : '';
      console.warn(`${message ?? 'warning'}${reason}`);
    },
  });
  const app = await buildApp(runtime);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    try {
      await shutdownGracefully(app, {
        graceMs: config.shutdownGraceSeconds * 1000,
        closeRuntime: () => runtime.close(),
        log: { info: (message) => app.log.info(message), warn: (message) => app.log.warn(message) },
      });
      process.exit(0);
    } catch (error) {
      console.error(error);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  // Held until the first request that is traffic, not just until listening: the work that follows
  // start-up (the default-password check, the first runs of the background jobs) would otherwise
  // grow an idle server's young generation to its maximum now and then.
  releaseOnFirstTraffic(app.server, isProbe);
  const lines = [
    `Switchyard is running at http://localhost:${config.port}`,
    `Database: ${describeDatabase(config)}${config.redisUrl ? ' + Redis' : ''}`,
  ];
  if (await rootUsesDefaultPassword(runtime.database.db)) {
    lines.push('Admin login: root / 123456 (change it after signing in)');
  }
  console.log(lines.join('\n'));
}

main().catch((error: unknown) => {
  console.error(`Switchyard could not start: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
