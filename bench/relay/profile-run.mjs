// One relay load for a CPU profile of the compiled server: a warm-up, then SIGUSR2 starts the
// sampler (bench/relay/cpu-profile.cjs, CPU_PROFILE_ON_SIGNAL=1), then the measured requests; the
// profile is written when the server stops. Prints req/s, p50 and the server's CPU per request.
//   SWITCHYARD_NODE_OPTIONS="--require $PWD/bench/relay/cpu-profile.cjs" CPU_PROFILE_ON_SIGNAL=1 \
//   CPU_PROFILE_DIR=/tmp/prof node bench/relay/profile-run.mjs [--requests 8000] \
//     [--warmup 4000] [--concurrency 50] [--stream]
import { numberArg } from '../lib/args.mjs';
import { cpuDuring } from '../lib/cpu.mjs';
import { bearer, chatBody, loadAllOk } from '../lib/load.mjs';
import { benchKey, openDb, seedChannel, seedToken, seedUser } from '../lib/seed.mjs';
import { startBenchServer } from '../lib/server.mjs';
import { startFastUpstream } from '../lib/upstream.mjs';

const REQUESTS = numberArg('requests', 8000);
const WARMUP = numberArg('warmup', 4000);
const CONCURRENCY = numberArg('concurrency', 50);
const STREAM = process.argv.includes('--stream');
const KEY = benchKey('BenchPrf');

const upstream = await startFastUpstream();
const server = await startBenchServer({ name: 'profile', port: numberArg('port', 3399) });
const db = openDb(server.dbPath);
seedToken(db, { userId: seedUser(db, { username: 'profile' }), key: KEY });
seedChannel(db, { baseUrl: upstream.url, models: 'gpt-4o-mini' });
const send = (count) =>
  loadAllOk('profile', {
    url: server.url,
    headers: bearer(KEY),
    body: chatBody({ stream: STREAM }),
    count,
    concurrency: CONCURRENCY,
  });

await send(WARMUP);
// Without the sampler loaded, SIGUSR2 would end the server: sent only when it waits for it.
if (process.env.CPU_PROFILE_ON_SIGNAL === '1') process.kill(server.pid, 'SIGUSR2');
const { result, cpuMs } = await cpuDuring(server.pid, () => send(REQUESTS));
console.log(
  `${STREAM ? 'stream' : 'non-stream'} c=${CONCURRENCY}: ${Math.round(result.rps)} req/s, ` +
    `p50 ${result.p50.toFixed(2)} ms, ${(cpuMs / REQUESTS).toFixed(3)} ms CPU/request`,
);
await server.stop();
process.exit(0);
