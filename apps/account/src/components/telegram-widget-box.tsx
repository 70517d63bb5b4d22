// Telegram's login widget (their script renders the button). To sign in it calls back with the
// signed fields; to bind it sends the browser to our bind URL, which checks them and returns.
import { useSessionStore } from '@switchyard/console-kit';
import { useEffect, useRef } from 'react';
import { oauthState, type TelegramAuth, telegramBindPath } from '../pages/oauth/oauth.api';

const WIDGET_URL = 'https://telegram.org/js/telegram-widget.js?22';
const CALLBACK = 'switchyardTelegramAuth';

declare global {
  interface Window {
    [CALLBACK]?: (auth: TelegramAuth) => void;
  }
}

export function TelegramWidgetBox({ onAuth }: { onAuth?: (auth: TelegramAuth) => void }) {
  const botName = useSessionStore((state) =>
    state.status?.telegram_oauth ? state.status.telegram_bot_name : '',
  );
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!botName || !element) return;
    let cancelled = false;
    const mount = (authUrl?: string) => {
      if (cancelled) return;
      const script = document.createElement('script');
      script.src = WIDGET_URL;
      script.async = true;
      script.dataset.telegramLogin = botName;
      script.dataset.size = 'medium';
      if (onAuth) {
        window[CALLBACK] = onAuth;
        script.dataset.onauth = `${CALLBACK}(user)`;
      } else if (authUrl) {
        script.dataset.authUrl = authUrl;
      }
      element.appendChild(script);
    };
    if (onAuth) {
      mount();
    } else {
      // Binding comes back as a top-level navigation, which cannot carry the New-Api-User header:
      // the bind URL carries a state the server bound to this session instead. Absolute: the widget
      // runs on Telegram's origin, where a bare path would not lead back here.
      void Promise.all([oauthState(), telegramBindPath()])
        .then(([state, bindPath]) => {
          const url = new URL(bindPath, window.location.origin);
          url.searchParams.set('state', state);
          mount(url.href);
        })
        .catch(() => undefined);
    }
    return () => {
      cancelled = true;
      element.replaceChildren();
      if (onAuth) delete window[CALLBACK];
    };
  }, [botName, onAuth]);
  if (!botName) return null;
  return <div ref={box} data-testid="telegram-widget" />;
}
