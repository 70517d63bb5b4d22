// Prompt-cache affinity: the requests of one conversation go to the channel that served it last,
// so the upstream's prompt cache keeps hitting. A binding is (user, model, conversation) →
// channel; it lasts ChannelAffinityMinutes after its last use (0: off), is dropped when a request
// on its channel fails, and is never followed to a channel the request may not use (selection
// only prefers it among the group's enabled candidates, so a disabled channel loses it at once).
// A channel holds one key (batch create makes one channel per key), so the channel is the key.
import type { IncomingHttpHeaders } from 'node:http';
import type { OptionsStore } from '../../modules/options/options.store';
import type { AffinityEntry, AffinityStore } from './affinity-store';
import { conversationKeyOf } from './conversation-key';

/** A binding still this fresh is not rewritten when its channel serves again (saves a write). */
const REFRESH_SHARE = 0.1;

export class ChannelAffinity {
  constructor(
    private readonly store: AffinityStore,
    private readonly options: OptionsStore,
    private readonly nowMs: () => number = Date.now,
  ) {}

  /**
   * The request's binding, or undefined when affinity is off or it names no conversation;
   * `fallback` is the dialect's name for it (a gateway-held Responses chain), used when the
   * headers and body name none.
   */
  bind(
    userId: number,
    model: string,
    headers: IncomingHttpHeaders,
    body: Record<string, unknown>,
    fallback?: string,
  ): AffinityBinding | undefined {
    const minutes = this.options.getInt('ChannelAffinityMinutes');
    if (minutes <= 0) return undefined;
    const conversation = conversationKeyOf(headers, body) ?? fallback;
    if (conversation === undefined) return undefined;
    return new AffinityBinding(
      this.store,
      `${userId}:${model}:${conversation}`,
      minutes * 60_000,
      this.nowMs,
    );
  }
}

/** One request's view of its conversation's binding. */
export class AffinityBinding {
  private entry: AffinityEntry | undefined;

  constructor(
    private readonly store: AffinityStore,
    readonly key: string,
    private readonly ttlMs: number,
    private readonly nowMs: () => number,
  ) {}

  /** The channel the conversation is bound to, if any (a store that fails answers none). */
  async lookup(): Promise<number | undefined> {
    this.entry = await this.store.get(this.key).catch(() => undefined);
    return this.entry?.channelId;
  }

  /** The channel answered: the conversation stays with it (the write is not awaited). */
  served(channelId: number): void {
    const now = this.nowMs();
    const entry = this.entry;
    if (entry?.channelId === channelId && now - entry.boundAtMs < this.ttlMs * REFRESH_SHARE)
      return;
    this.entry = { channelId, boundAtMs: now };
    this.store.set(this.key, this.entry, this.ttlMs).catch(() => undefined);
  }

  /** A request on the channel failed: the conversation is free to go elsewhere. */
  failed(channelId: number): void {
    if (this.entry !== undefined && this.entry.channelId !== channelId) return;
    this.entry = undefined;
    this.store.delete(this.key).catch(() => undefined);
  }
}
