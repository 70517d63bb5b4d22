// Preview of an administrator's Markdown or HTML, sanitised the way the shell shows it.
import DOMPurify from 'dompurify';
import { marked } from 'marked';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { PreviewKind } from '../options/option-fields';

const isHttpUrl = (text: string): boolean => /^https?:\/\//i.test(text.trim());

/** Markdown → HTML, then everything scripted stripped. */
export function toSafeHtml(source: string, kind: 'markdown' | 'html'): string {
  const html = kind === 'markdown' ? marked.parse(source, { async: false, gfm: true }) : source;
  return DOMPurify.sanitize(html);
}

export function ContentPreview({
  source,
  kind,
  testId,
}: {
  source: string;
  kind: PreviewKind;
  testId: string;
}) {
  const { t } = useTranslation('settings');
  const html = useMemo(() => (kind === 'image' ? '' : toSafeHtml(source, kind)), [source, kind]);
  if (!source.trim()) return <div data-testid={testId}>{t('preview.empty')}</div>;
  if (kind === 'image') {
    return <img data-testid={testId} src={source} alt="" style={{ maxHeight: 64 }} />;
  }
  if (kind === 'markdown' && isHttpUrl(source)) {
    return <div data-testid={testId}>{t('preview.frame', { url: source.trim() })}</div>;
  }
  return (
    <div
      className="sy-markdown"
      data-testid={testId}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with DOMPurify in toSafeHtml
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
