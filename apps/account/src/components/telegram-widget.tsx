// Telegram's login widget where the settings turn it on; its code loads only then.
import { useSessionStore } from '@switchyard/console-kit';
import { lazy, Suspense } from 'react';
import type { TelegramAuth } from '../pages/oauth/oauth.api';

const Box = lazy(async () => ({
  default: (await import('./telegram-widget-box')).TelegramWidgetBox,
}));

export function TelegramWidget({ onAuth }: { onAuth?: (auth: TelegramAuth) => void }) {
  const on = useSessionStore((state) => Boolean(state.status?.telegram_oauth));
  if (!on) return null;
  return (
    <Suspense fallback={null}>
      <Box onAuth={onAuth} />
    </Suspense>
  );
}
