// The fake upstream as a process of its own (fault and load tests): prints its URL on the first
// line of stdout. FAKE_BEHAVIOURS is a JSON object of behaviours by channel key.
import { type Behaviour, startFakeUpstream } from './fake-upstream';

const fake = await startFakeUpstream();
const behaviours = JSON.parse(process.env.FAKE_BEHAVIOURS ?? '{}') as Record<string, Behaviour>;
for (const [key, behaviour] of Object.entries(behaviours)) fake.behave(key, behaviour);
process.stdout.write(`${fake.url}\n`);
process.on('SIGTERM', () => void fake.close().then(() => process.exit(0)));
