// Temporary: answered-but-unwritten settlement backlog under c=50 load (SQLite, child process).
import { startNode, startUpstreamProcess } from './test/helpers/child-nodes';
import { createUser } from './test/helpers/factories';
import { openClusterDatabase } from './test/helpers/node-cluster';
import { createToken, seedChannel } from './test/helpers/relay-fixtures';
const cluster = await openClusterDatabase();
const upstream = await startUpstreamProcess({});
await seedChannel(cluster.database.db, { key: 'k', baseUrl: upstream.url, models: ['gpt-4o-mini'] });
const user = await createUser(cluster.database.db, { quota: 1_000_000_000 });
const { authorization } = await createToken(cluster.database.db, user.id);
const node = await startNode({ ...cluster.env, LOG_LEVEL: 'info' });
const total = Number(process.argv[2] ?? 2000);
for (const stream of [false, true]) {
  let sent = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: 50 }, async () => {
    while (sent < total) {
      sent += 1;
      const r = await fetch(`${node.url}/v1/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json', authorization }, body: JSON.stringify({ model: 'gpt-4o-mini', stream, messages: [{ role: 'user', content: 'Say hello' }] }) });
      await r.text();
    }
  }));
  console.log(stream ? 'stream' : 'non-stream', total, 'requests in', ((performance.now() - started) / 1000).toFixed(1), 's');
}
await node.kill('SIGTERM');
console.log(node.output().split('\n').filter((l) => l.includes('settlement queue')).join('\n'));
await upstream.kill();
await cluster.close();
