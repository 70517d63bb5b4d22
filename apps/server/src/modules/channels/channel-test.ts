// Channel test: one small chat request through the channel's adapter, timed; the time is stored,
// auth-type failures and slow answers disable, a success re-enables an auto-disabled channel.
import { performance } from 'node:perf_hooks';
import { ChannelStatus, channelTypeById, LogType } from '@switchyard/contracts';
import type { Db } from '../../db/database';
import type { RelayBilling } from '../../ledger/billing';
import type { SharedCredentials } from '../../relay/adapters/credential-cache';
import { adapterFor } from '../../relay/adapters/registry';
import type { AdapterContext } from '../../relay/adapters/types';
import { mapModel, mapStatus } from '../../relay/pipeline/relay-routing';
import {
  type ChannelRow,
  findChannel,
  listChannels,
  recordChannelTest,
} from '../../relay/relay.repository';
import { UpstreamError, upstreamErrorFrom } from '../../relay/relay-errors';
import { redactKey, secretsOf, withoutKey } from '../../relay/transport/redact';
import {
  readBody,
  sendUpstream,
  UpstreamCancel,
  UpstreamNetworkError,
} from '../../relay/transport/upstream';
import { insertLogs } from '../logs/logs.repository';
import type { ChannelHealth } from './channel-health';
import { upstreamFailureText } from './upstream-text';

/** A test that takes longer than this is abandoned (and counts as failed). */
export const CHANNEL_TEST_TIMEOUT_MS = 60_000;
/** Channels tested at once by "test all". */
export const TEST_ALL_CONCURRENCY = 4;

export type ChannelTestFailure = 'notFound' | 'unsupported' | 'noUsage' | 'unreadable' | 'upstream';

export interface ChannelTestResult {
  success: boolean;
  /** Milliseconds from sending the request to the whole answer. */
  timeMs: number;
  failure?: ChannelTestFailure;
  /** The upstream's error message when failure is 'upstream'. */
  detail?: string;
  /** The status the channel has after the test. */
  status?: number;
}

export interface ChannelTesterDeps {
  db: Db;
  billing: RelayBilling;
  health: ChannelHealth;
  now: () => number;
  /** Content of the test's log row (in the admin's language). */
  logContent: string;
  /** Shares provider credentials (Baidu, Zhipu) between the nodes, as the relay does. */
  credentials?: SharedCredentials;
}

/** The model a test uses: the given one, else the test model, else the first model. */
export function testModelOf(channel: ChannelRow, requested?: string): string {
  const first = channel.models
    .split(',')
    .map((m) => m.trim())
    .find(Boolean);
  return requested || channel.test_model || first || 'gpt-3.5-turbo';
}

export class ChannelTester {
  private runningAll = false;

  constructor(private readonly deps: ChannelTesterDeps) {}

  get testingAll(): boolean {
    return this.runningAll;
  }

  async testById(
    id: number,
    model?: string,
    userId = 1,
    username = 'root',
  ): Promise<ChannelTestResult> {
    const channel = await findChannel(this.deps.db, id);
    if (!channel) return { success: false, timeMs: 0, failure: 'notFound' };
    return this.testChannel(channel, model, userId, username);
  }

  /** Tests one channel, stores response_time and test_time (also on failure), applies the rules. */
  async testChannel(
    channel: ChannelRow,
    requestedModel?: string,
    userId = 1,
    username = 'root',
  ): Promise<ChannelTestResult> {
    const family = channelTypeById(channel.type)?.family;
    const adapter = adapterFor(channel.type);
    if (!adapter || family === 'midjourney' || family === 'suno') {
      return { success: false, timeMs: 0, failure: 'unsupported' };
    }
    const model = mapModel(channel, testModelOf(channel, requestedModel));
    const ctx: AdapterContext = {
      mode: 'chat',
      channel,
      model,
      body: { model, max_tokens: 1, stream: false, messages: [{ role: 'user', content: 'hi' }] },
      stream: false,
      includeUsage: false,
      credentials: this.deps.credentials,
    };
    const started = performance.now();
    let result: ChannelTestResult;
    // A test that outlives the timeout is cancelled (the timer is cleared once it is answered).
    const cancel = new UpstreamCancel();
    const timer = setTimeout(() => cancel.cancel(), CHANNEL_TEST_TIMEOUT_MS);
    try {
      const response = await (adapter.send
        ? adapter.send(ctx, cancel)
        : sendUpstream(adapter.request(ctx), cancel));
      const raw = await readBody(response);
      const status = response.statusCode ?? 0;
      const timeMs = Math.round(performance.now() - started);
      if (status < 200 || status >= 300) {
        const error = withoutKey(
          new UpstreamError(
            mapStatus(channel, status),
            upstreamErrorFrom(status, raw.toString('utf8')),
            status,
          ),
          channel.key,
        );
        await this.deps.health.failed(channel, error);
        // The console sees the status and the JSON error's message, never the raw body.
        const detail = upstreamFailureText(status, raw.toString('utf8'), channel.key);
        result = { success: false, timeMs, failure: 'upstream', detail };
      } else {
        const converted = adapter.reply(
          ctx,
          raw,
          String(response.headers['content-type'] ?? 'application/json'),
        );
        if (!converted.usage) {
          result = { success: false, timeMs, failure: 'noUsage' };
        } else {
          result = { success: true, timeMs };
          await this.writeLog(channel, model, converted.usage, timeMs, userId, username);
        }
      }
    } catch (error) {
      const timeMs = Math.round(performance.now() - started);
      // A connection failure says what failed; a reply that could not be read says no more (a
      // parser's message quotes the body it choked on).
      result =
        error instanceof UpstreamNetworkError
          ? {
              success: false,
              timeMs,
              failure: 'upstream',
              detail: redactKey(error.message, secretsOf(channel.key)),
            }
          : { success: false, timeMs, failure: 'unreadable' };
    }
    clearTimeout(timer);
    await recordChannelTest(this.deps.db, channel.id, result.timeMs, this.deps.now());
    result.status = await this.applyRules(channel, result);
    return result;
  }

  private async applyRules(channel: ChannelRow, result: ChannelTestResult): Promise<number> {
    const current = (await findChannel(this.deps.db, channel.id)) ?? channel;
    if (result.success && this.deps.health.tooSlow(current, result.timeMs)) {
      const seconds = (result.timeMs / 1000).toFixed(2);
      if (await this.deps.health.disable(current, `slow test: ${seconds} s`)) {
        return ChannelStatus.autoDisabled;
      }
    } else if (result.success && (await this.deps.health.reenable(current))) {
      return ChannelStatus.enabled;
    }
    return current.status;
  }

  private async writeLog(
    channel: ChannelRow,
    model: string,
    usage: { promptTokens: number; completionTokens: number },
    timeMs: number,
    userId: number,
    username: string,
  ): Promise<void> {
    const quote = this.deps.billing.quote(model, 'default');
    await insertLogs(this.deps.db, [
      {
        user_id: userId,
        username,
        created_at: this.deps.now(),
        type: LogType.consume,
        content: this.deps.logContent,
        token_name: '',
        model_name: model,
        // A test is not charged to anyone, so its log carries no quota.
        quota: 0,
        prompt_tokens: usage.promptTokens,
        completion_tokens: usage.completionTokens,
        use_time: Math.round(timeMs / 1000),
        is_stream: 0,
        channel_id: channel.id,
        token_id: 0,
        other: JSON.stringify({
          frt: timeMs,
          model_ratio: quote.modelRatio,
          model_price: quote.modelPrice,
          completion_ratio: quote.completionRatio,
          group_ratio: quote.groupRatio,
          admin_info: { use_channel: [channel.id] },
          channel_test: true,
        }),
      },
    ]);
  }

  /**
   * Tests every channel, TEST_ALL_CONCURRENCY at a time. Returns false when a run is already
   * going; otherwise the returned promise settles when all channels are done.
   */
  startTestAll(userId: number, username: string): { started: boolean; done: Promise<void> } {
    if (this.runningAll) return { started: false, done: Promise.resolve() };
    this.runningAll = true;
    const done = (async () => {
      try {
        const queue = (await listChannels(this.deps.db)).filter(
          (channel) => channel.status !== ChannelStatus.manuallyDisabled,
        );
        const worker = async () => {
          for (let channel = queue.shift(); channel; channel = queue.shift()) {
            await this.testChannel(channel, undefined, userId, username);
          }
        };
        await Promise.all(Array.from({ length: TEST_ALL_CONCURRENCY }, worker));
      } finally {
        this.runningAll = false;
      }
    })();
    return { started: true, done };
  }
}
