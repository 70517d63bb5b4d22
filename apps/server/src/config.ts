// Server configuration: read from environment variables once, validated with zod, with defaults.
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_OVERRIDE_ORIGINS } from '@switchyard/contracts';
import { z } from 'zod';
import { ENV_VARS } from './env-vars';
import { type TrustProxy, trustProxySchema } from './plugins/client-address';

export { ENV_VARS, type EnvVarInfo } from './env-vars';

export type DatabaseEngine = 'sqlite' | 'postgres' | 'mysql';

/** The repository's `apps` folder, where each console app keeps its `dist` build. */
const DEFAULT_CONSOLE_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

const int = (fallback: number, min = 0) => z.coerce.number().int().min(min).default(fallback);

/** An http(s) address; a trailing slash is dropped so paths can be appended. */
const httpUrl = (fallback: string) =>
  z
    .string()
    .regex(/^https?:\/\/[^\s]+$/, 'must be an http:// or https:// address')
    .default(fallback)
    .transform((value) => value.replace(/\/+$/, ''));

const envSchema = z.object({
  PORT: int(3000, 0).pipe(z.number().max(65535)),
  HOST: z.string().default('0.0.0.0'),
  SQL_DSN: z
    .string()
    .regex(
      /^(postgres|postgresql|mysql):\/\//,
      'must start with postgres://, postgresql:// or mysql://',
    )
    .optional(),
  SQLITE_PATH: z.string().default('./data/switchyard.db'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  REDIS_PREFIX: z.string().default('switchyard:'),
  SESSION_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  SESSION_MAX_AGE_DAYS: int(30, 1),
  GLOBAL_API_RATE_LIMIT: int(180),
  GLOBAL_API_RATE_LIMIT_WINDOW: int(180, 1),
  CRITICAL_RATE_LIMIT: int(20),
  CRITICAL_RATE_LIMIT_WINDOW: int(1200, 1),
  TRUST_PROXY: trustProxySchema,
  REQUEST_TIMEOUT: int(30),
  MAX_CONNECTIONS_PER_IP: int(256),
  BODY_LIMIT: int(1_048_576, 1024),
  RELAY_BODY_LIMIT: int(8_388_608, 1024),
  RELAY_BODY_BYTES_IN_FLIGHT: int(268_435_456),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SYNC_FREQUENCY: int(60, 1),
  CONSOLE_DIR: z.string().default(DEFAULT_CONSOLE_DIR),
  REMOTES_DIR: z.string().default('./data/remotes'),
  REMOTES_FILE: z.string().default('./data/remotes.json'),
  REMOTE_OVERRIDE_ORIGINS: z
    .string()
    .optional()
    .transform((value) => value ?? DEFAULT_OVERRIDE_ORIGINS.join(','))
    .transform((value) =>
      value.trim() === 'none'
        ? []
        : value
            .split(',')
            .map((part) => part.trim())
            .filter(Boolean),
    )
    .pipe(
      z.array(
        z
          .string()
          .regex(
            /^https?:\/\/[^/\s:*]+(:(\d+|\*))?$/,
            'each must be an origin (http://host:port) or http://host:* ',
          ),
      ),
    ),
  GITHUB_OAUTH_URL: httpUrl('https://github.com'),
  GITHUB_API_URL: httpUrl('https://api.github.com'),
  TURNSTILE_VERIFY_URL: httpUrl('https://challenges.cloudflare.com/turnstile/v0/siteverify'),
  METRICS_TOKEN: z.string().min(1).optional(),
  OTEL_EXPORTER_OTLP_ENDPOINT: z
    .string()
    .regex(/^https?:\/\/[^\s]+$/, 'must be an http:// or https:// address')
    .transform((value) => value.replace(/\/+$/, ''))
    .optional(),
  SHUTDOWN_GRACE_SECONDS: int(30),
  NODE_ID: z.string().optional(),
  RELAY_LEASE_MS: int(30_000, 1000),
  CHANNEL_RETEST_SECONDS: int(60, 1),
});

/** Names the schema reads; ENV_VARS must describe each of them. */
export const CONFIG_VARIABLES = Object.keys(envSchema.shape);

export interface Config {
  port: number;
  host: string;
  engine: DatabaseEngine;
  sqlDsn: string | undefined;
  sqlitePath: string;
  redisUrl: string | undefined;
  redisPrefix: string;
  sessionSecret: string | undefined;
  sessionMaxAgeSeconds: number;
  globalRateLimit: { limit: number; windowSeconds: number };
  criticalRateLimit: { limit: number; windowSeconds: number };
  /** false, a hop count, or the trusted proxy addresses/CIDRs (see plugins/client-address). */
  trustProxy: TrustProxy;
  requestTimeoutSeconds: number;
  maxConnectionsPerIp: number;
  bodyLimit: number;
  /** Largest JSON body of a relay request (audio uploads have OpenAI's 25 MiB). */
  relayBodyLimit: number;
  /** Relay request bytes being received at once per process (0 = no cap). */
  relayBytesInFlight: number;
  logLevel: string;
  syncFrequencySeconds: number;
  consoleDir: string;
  remotesDir: string;
  remotesFile: string;
  /** Origins a developer's browser may load a remote from in place of the server's (README). */
  remoteOverrideOrigins: string[];
  /** Whether REMOTE_OVERRIDE_ORIGINS was set (else the shell applies the same defaults itself). */
  remoteOverrideOriginsSet: boolean;
  githubOAuthUrl: string;
  githubApiUrl: string;
  turnstileVerifyUrl: string;
  metricsToken: string | undefined;
  otlpEndpoint: string | undefined;
  shutdownGraceSeconds: number;
  /** The reservation journal's node id (unset: `<hostname>:<PORT>`). */
  nodeId: string | undefined;
  relayLeaseMs: number;
  /** First wait before an auto-disabled channel is tested again (then backing off). */
  channelRetestSeconds: number;
}

export class ConfigError extends Error {}

function engineOf(dsn: string | undefined): DatabaseEngine {
  if (!dsn) return 'sqlite';
  return dsn.startsWith('mysql://') ? 'mysql' : 'postgres';
}

/** Parses the environment; throws ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const known = Object.fromEntries(
    ENV_VARS.map(({ name }) => [name, env[name]]).filter(
      ([, value]) => value !== undefined && value !== '',
    ),
  );
  const parsed = envSchema.safeParse(known);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    engine: engineOf(e.SQL_DSN),
    sqlDsn: e.SQL_DSN,
    sqlitePath: resolve(e.SQLITE_PATH),
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    sessionSecret: e.SESSION_SECRET,
    sessionMaxAgeSeconds: e.SESSION_MAX_AGE_DAYS * 86_400,
    globalRateLimit: {
      limit: e.GLOBAL_API_RATE_LIMIT,
      windowSeconds: e.GLOBAL_API_RATE_LIMIT_WINDOW,
    },
    criticalRateLimit: {
      limit: e.CRITICAL_RATE_LIMIT,
      windowSeconds: e.CRITICAL_RATE_LIMIT_WINDOW,
    },
    trustProxy: e.TRUST_PROXY,
    requestTimeoutSeconds: e.REQUEST_TIMEOUT,
    maxConnectionsPerIp: e.MAX_CONNECTIONS_PER_IP,
    bodyLimit: e.BODY_LIMIT,
    relayBodyLimit: e.RELAY_BODY_LIMIT,
    relayBytesInFlight: e.RELAY_BODY_BYTES_IN_FLIGHT,
    logLevel: e.LOG_LEVEL,
    syncFrequencySeconds: e.SYNC_FREQUENCY,
    consoleDir: resolve(e.CONSOLE_DIR),
    remotesDir: resolve(e.REMOTES_DIR),
    remotesFile: resolve(e.REMOTES_FILE),
    remoteOverrideOrigins: e.REMOTE_OVERRIDE_ORIGINS,
    remoteOverrideOriginsSet: known.REMOTE_OVERRIDE_ORIGINS !== undefined,
    githubOAuthUrl: e.GITHUB_OAUTH_URL,
    githubApiUrl: e.GITHUB_API_URL,
    turnstileVerifyUrl: e.TURNSTILE_VERIFY_URL,
    metricsToken: e.METRICS_TOKEN,
    otlpEndpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT,
    shutdownGraceSeconds: e.SHUTDOWN_GRACE_SECONDS,
    nodeId: e.NODE_ID,
    relayLeaseMs: e.RELAY_LEASE_MS,
    channelRetestSeconds: e.CHANNEL_RETEST_SECONDS,
  };
}
