// Streams over transports of their own end with the client: a client that leaves a Spark
// stream closes the gateway's WebSocket to iFlytek, and the channel stays enabled.
import { ChannelStatus } from '@switchyard/contracts';
import { describe, expect, it } from 'vitest';
import { CHANNEL_KEYS } from '../fakes/providers/credentials';
import { channelRow } from '../helpers/channels';
import { newCaller, seedProviderChannel, useProviderHarness } from '../helpers/provider-channels';
import { postChat } from '../helpers/relay-fixtures';

const h = useProviderHarness();

async function until(check: () => boolean) {
  const deadline = Date.now() + 5000;
  while (!check() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe('client leaving a WebSocket-backed stream', () => {
  it('Spark: the socket to the provider is closed', async () => {
    const c = {
      name: 'Spark cancel',
      type: 18,
      key: CHANNEL_KEYS.spark,
      badKey: '',
      model: 'SparkDesk-v3.1',
      baseUrl: (fake: typeof h.fake) => fake.wsUrl,
    };
    const { id, alias } = await seedProviderChannel(h, c);
    const { token } = await newCaller(h);
    const abort = new AbortController();
    const response = await postChat(
      h.relay,
      token.authorization,
      { model: alias, stream: true, user: 'slow' },
      abort.signal,
    );
    expect(response.status).toBe(200);
    const reader = response.body?.getReader();
    const first = await reader?.read();
    expect(new TextDecoder().decode(first?.value)).toContain('"content":"Hello"');
    expect(h.fake.sparkClosedEarly).toBe(0);
    abort.abort();
    await until(() => h.fake.sparkClosedEarly === 1);
    expect(h.fake.sparkClosedEarly).toBe(1);
    expect((await channelRow(h.relay.db, id)).status).toBe(ChannelStatus.enabled);
  });
});
