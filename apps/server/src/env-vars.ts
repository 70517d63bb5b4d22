// The environment variables the server reads, with their defaults and what they do: the README's
// tables are checked against this list, and config.ts's schema reads each of them.

export interface EnvVarInfo {
  name: string;
  default: string;
  description: string;
}

/** Every environment variable the server reads (the README table is checked against this). */
export const ENV_VARS: readonly EnvVarInfo[] = [
  { name: 'PORT', default: '3000', description: 'HTTP port to listen on' },
  { name: 'HOST', default: '0.0.0.0', description: 'Interface to listen on' },
  {
    name: 'SQL_DSN',
    default: '(unset: SQLite)',
    description: 'postgres:// or postgresql:// for PostgreSQL, mysql:// for MySQL/MariaDB',
  },
  {
    name: 'SQLITE_PATH',
    default: './data/switchyard.db',
    description: 'SQLite file when SQL_DSN is unset',
  },
  {
    name: 'REDIS_URL',
    default: '(unset)',
    description: 'Redis URL; shares rate limits and option invalidation between nodes',
  },
  {
    name: 'REDIS_PREFIX',
    default: 'switchyard:',
    description: 'Prefix of every Redis key and channel',
  },
  {
    name: 'SESSION_SECRET',
    default: '(generated once, kept in the database)',
    description: 'Secret that signs session ids; every node must share it',
  },
  { name: 'SESSION_MAX_AGE_DAYS', default: '30', description: 'Lifetime of a console session' },
  {
    name: 'GLOBAL_API_RATE_LIMIT',
    default: '180',
    description: 'Requests per IP to /api per window (0 = off)',
  },
  {
    name: 'GLOBAL_API_RATE_LIMIT_WINDOW',
    default: '180',
    description: 'Window of the global limit, seconds',
  },
  {
    name: 'CRITICAL_RATE_LIMIT',
    default: '20',
    description: 'Sign-in and registration requests per IP per window (0 = off)',
  },
  {
    name: 'CRITICAL_RATE_LIMIT_WINDOW',
    default: '1200',
    description: 'Window of the critical limit, seconds',
  },
  {
    name: 'TRUST_PROXY',
    default: 'false',
    description:
      'Reverse proxies in front: a hop count (true = 1) or a comma list of proxy addresses/CIDRs whose X-Forwarded-For is trusted',
  },
  {
    name: 'REQUEST_TIMEOUT',
    default: '30',
    description: 'Seconds a client has to send a whole request, headers and body (0 = off)',
  },
  {
    name: 'MAX_CONNECTIONS_PER_IP',
    default: '256',
    description:
      'Open connections one client address may hold (0 = no cap; trusted proxies exempt)',
  },
  {
    name: 'BODY_LIMIT',
    default: '1048576',
    description: 'Largest accepted request body outside the relay (/api), bytes',
  },
  {
    name: 'RELAY_BODY_LIMIT',
    default: '8388608',
    description:
      'Largest JSON body of a relay request (/v1, /v1beta), bytes; audio uploads may be 25 MiB',
  },
  {
    name: 'RELAY_BODY_BYTES_IN_FLIGHT',
    default: '268435456',
    description:
      'Relay request bytes this process may be receiving at once; beyond it a request gets 503 with Retry-After (0 = no cap)',
  },
  {
    name: 'LOG_LEVEL',
    default: 'info',
    description: 'fatal, error, warn, info, debug, trace or silent',
  },
  {
    name: 'SYNC_FREQUENCY',
    default: '60',
    description: 'Seconds between re-reads of the options table',
  },
  {
    name: 'CONSOLE_DIR',
    default: '(repository apps folder)',
    description: 'Folder holding shell/dist and each remote’s <name>/dist',
  },
  {
    name: 'REMOTES_DIR',
    default: './data/remotes',
    description: 'Uploaded remote builds; <REMOTES_DIR>/<name> overrides the built-in one',
  },
  {
    name: 'REMOTES_FILE',
    default: './data/remotes.json',
    description: 'Overrides /remotes.json when present',
  },
  {
    name: 'REMOTE_OVERRIDE_ORIGINS',
    default: 'http://localhost:*,http://127.0.0.1:*',
    description:
      "Origins (comma list; http://host:* for any port; none = off) from which a developer's own browser may load one remote in place of the server's, with a local override",
  },
  {
    name: 'GITHUB_OAUTH_URL',
    default: 'https://github.com',
    description: 'GitHub OAuth host: /login/oauth/authorize and /login/oauth/access_token',
  },
  {
    name: 'GITHUB_API_URL',
    default: 'https://api.github.com',
    description: 'GitHub API host: /user after the code exchange',
  },
  {
    name: 'TURNSTILE_VERIFY_URL',
    default: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
    description: 'Where Turnstile tokens are verified',
  },
  {
    name: 'METRICS_TOKEN',
    default: '(unset: /metrics is open)',
    description: 'When set, GET /metrics requires Authorization: Bearer <token>',
  },
  {
    name: 'OTEL_EXPORTER_OTLP_ENDPOINT',
    default: '(unset: no tracing)',
    description: 'OTLP/HTTP collector base URL; traces are sent to <url>/v1/traces',
  },
  {
    name: 'SHUTDOWN_GRACE_SECONDS',
    default: '30',
    description: 'On SIGTERM, how long in-flight requests and streams may finish',
  },
  {
    name: 'NODE_ID',
    default: '<hostname>:<PORT>',
    description:
      'Name of this node in the reservation journal; keep it stable across restarts so a node settles what it left',
  },
  {
    name: 'RELAY_LEASE_MS',
    default: '30000',
    description:
      "How long a node's hold on its reservations lasts (renewed every third); then other nodes reconcile them",
  },
  {
    name: 'CHANNEL_RETEST_SECONDS',
    default: '60',
    description:
      'With AutomaticEnableChannelEnabled, how long after an automatic disable a channel is tested again (the wait then grows, up to 30 minutes)',
  },
];
