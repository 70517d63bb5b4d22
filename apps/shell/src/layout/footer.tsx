// The footer: the administrator's footer HTML when set, else "<system name> <version>". The HTML is
// re-read from localStorage every 200 ms, up to 5 times after mount (spec §1), and follows the store.
import { LOCAL_KEYS, readLocal, useSessionStore } from '@switchyard/console-kit';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_SYSTEM_NAME } from './top-bar';

export const FOOTER_POLL_MS = 200;
export const FOOTER_POLL_TIMES = 5;

export const displayVersion = (version: string | undefined): string =>
  (version ?? '').replace(/^v/, '');

function usePolledFooterHtml(): string {
  const [html, setHtml] = useState(() => readLocal(LOCAL_KEYS.footerHtml) ?? '');
  useEffect(() => {
    let reads = 0;
    const timer = window.setInterval(() => {
      reads += 1;
      setHtml(readLocal(LOCAL_KEYS.footerHtml) ?? '');
      if (reads >= FOOTER_POLL_TIMES) window.clearInterval(timer);
    }, FOOTER_POLL_MS);
    return () => window.clearInterval(timer);
  }, []);
  return html;
}

/**
 * The footer HTML with active content removed, or null while the sanitiser loads. DOMPurify is
 * fetched only when there is footer HTML, so consoles without it never download it.
 */
function useSanitizedHtml(html: string): string | null {
  const [sanitized, setSanitized] = useState<{ source: string; html: string } | null>(null);
  useEffect(() => {
    if (!html) return;
    let current = true;
    void import('../components/sanitize-html').then(({ sanitizeHtml }) => {
      if (current) setSanitized({ source: html, html: sanitizeHtml(html) });
    });
    return () => {
      current = false;
    };
  }, [html]);
  return sanitized?.source === html ? sanitized.html : null;
}

export function Footer() {
  const { t } = useTranslation('shell');
  const status = useSessionStore((state) => state.status);
  const polled = usePolledFooterHtml();
  const html = status ? status.footer_html : polled;
  const safeHtml = useSanitizedHtml(html);

  if (html) {
    if (safeHtml === null) return <div className="sy-footer" data-testid="footer" />;
    return (
      <div
        className="sy-footer"
        data-testid="footer"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the spec's custom footer HTML, sanitised with DOMPurify
        dangerouslySetInnerHTML={{ __html: safeHtml }}
      />
    );
  }
  return (
    <div className="sy-footer" data-testid="footer">
      {t('footer.default', {
        name: status?.system_name || DEFAULT_SYSTEM_NAME,
        version: displayVersion(status?.version),
      }).trim()}
    </div>
  );
}
