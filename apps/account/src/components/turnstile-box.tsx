// Cloudflare Turnstile's widget: loads their script and renders the check, handing back its token.
import { useSessionStore } from '@switchyard/console-kit';
import { useEffect, useRef } from 'react';

const SCRIPT_URL = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';

interface TurnstileApi {
  render(
    element: HTMLElement,
    options: { sitekey: string; callback: (token: string) => void },
  ): string;
  remove(widgetId: string): void;
}

declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

let scriptLoad: Promise<void> | undefined;
function loadScript(): Promise<void> {
  scriptLoad ??= new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT_URL;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error('Turnstile script failed to load'));
    document.head.appendChild(script);
  });
  return scriptLoad;
}

export function TurnstileBox({ onToken }: { onToken: (token: string) => void }) {
  const status = useSessionStore((state) => state.status);
  const box = useRef<HTMLDivElement>(null);
  const siteKey = status?.turnstile_check ? status.turnstile_site_key : '';
  useEffect(() => {
    if (!siteKey || !box.current) return;
    let widgetId: string | undefined;
    const element = box.current;
    void loadScript().then(() => {
      widgetId = window.turnstile?.render(element, { sitekey: siteKey, callback: onToken });
    });
    return () => {
      if (widgetId) window.turnstile?.remove(widgetId);
    };
  }, [siteKey, onToken]);
  if (!siteKey) return null;
  return <div ref={box} style={{ margin: '12px 0' }} data-testid="turnstile" />;
}
