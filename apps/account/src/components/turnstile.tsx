// Cloudflare Turnstile, when the settings turn it on: the widget (its code loads only then), and
// the token it hands back (sent as `?turnstile=` and verified by the server).
import { useSessionStore } from '@switchyard/console-kit';
import { lazy, Suspense, useState } from 'react';

const Box = lazy(async () => ({ default: (await import('./turnstile-box')).TurnstileBox }));

export interface TurnstileState {
  enabled: boolean;
  /** The widget's token; empty until the check has passed. */
  token: string;
  /** True when the form may be sent (check off, or passed). */
  passed: boolean;
}

export function useTurnstile(): TurnstileState & { setToken: (token: string) => void } {
  const enabled = useSessionStore((state) => state.status?.turnstile_check === true);
  const [token, setToken] = useState('');
  return { enabled, token, passed: !enabled || token !== '', setToken };
}

export function TurnstileWidget({ onToken }: { onToken: (token: string) => void }) {
  const on = useSessionStore((state) => state.status?.turnstile_check === true);
  if (!on) return null;
  return (
    <Suspense fallback={null}>
      <Box onToken={onToken} />
    </Suspense>
  );
}
