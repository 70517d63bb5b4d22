// The playground's conversation: sends it through the relay as a stream, grows the answer as it
// arrives, and then finds the consume log the call left, for the answer's billed cost.
import { useCallback, useRef, useState } from 'react';
import {
  type ChatTurn,
  latestConsumeLog,
  type PlaygroundRequest,
  type StreamUsage,
  streamChat,
} from './playground.api';

export interface AnswerStats {
  usage: StreamUsage | null;
  /** Quota the call was billed, from its consume log; null until (or unless) it is written. */
  quota: number | null;
}

export interface PlaygroundSettings {
  apiKey: string;
  tokenName: string;
  model: string;
  system: string;
  temperature: number;
  maxTokens: number | null;
}

/** The consume log is written just after the stream ends; look a few times. */
const LOG_ATTEMPTS = 10;
const LOG_INTERVAL_MS = 400;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function billedQuota(tokenName: string, after: number): Promise<number | null> {
  for (let attempt = 0; attempt < LOG_ATTEMPTS; attempt += 1) {
    const log = await latestConsumeLog(tokenName).catch(() => null);
    if (log && log.id > after) return log.quota;
    await pause(LOG_INTERVAL_MS);
  }
  return null;
}

export function usePlaygroundChat() {
  const [turns, setTurns] = useState<ChatTurn[]>([]);
  const [answer, setAnswer] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState('');
  const [stats, setStats] = useState<AnswerStats | null>(null);
  const abort = useRef<AbortController | null>(null);

  const send = useCallback(
    async (settings: PlaygroundSettings, text: string) => {
      const asked: ChatTurn[] = [...turns, { role: 'user', content: text }];
      setTurns(asked);
      setAnswer('');
      setError('');
      setStats(null);
      setSending(true);
      const controller = new AbortController();
      abort.current = controller;
      let written = '';
      try {
        const before = (await latestConsumeLog(settings.tokenName).catch(() => null))?.id ?? 0;
        const request: PlaygroundRequest = {
          apiKey: settings.apiKey,
          model: settings.model,
          messages: settings.system.trim()
            ? [{ role: 'system', content: settings.system }, ...asked]
            : asked,
          temperature: settings.temperature,
          maxTokens: settings.maxTokens,
        };
        const usage = await streamChat(
          request,
          (delta) => {
            written += delta;
            setAnswer(written);
          },
          controller.signal,
        );
        setTurns([...asked, { role: 'assistant', content: written }]);
        setAnswer('');
        setStats({ usage, quota: null });
        const quota = await billedQuota(settings.tokenName, before);
        setStats({ usage, quota });
      } catch (failure) {
        if (written) setTurns([...asked, { role: 'assistant', content: written }]);
        setAnswer('');
        if (!controller.signal.aborted) {
          setError(failure instanceof Error ? failure.message : String(failure));
        }
      } finally {
        setSending(false);
        abort.current = null;
      }
    },
    [turns],
  );

  const stop = useCallback(() => abort.current?.abort(), []);
  const clear = useCallback(() => {
    abort.current?.abort();
    setTurns([]);
    setAnswer('');
    setError('');
    setStats(null);
  }, []);

  return { turns, answer, sending, error, stats, send, stop, clear };
}
