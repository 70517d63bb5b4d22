// Administrator-authored Markdown rendered with marked and sanitised (loaded only when there is
// Markdown to show).
import { marked } from 'marked';
import { useMemo } from 'react';
import { sanitizeHtml } from './sanitize-html';

export interface MarkdownProps {
  source: string;
  className?: string;
}

export function MarkdownView({ source, className }: MarkdownProps) {
  const html = useMemo(
    () => sanitizeHtml(marked.parse(source, { async: false, gfm: true })),
    [source],
  );
  return (
    <div
      className={['sy-markdown', className].filter(Boolean).join(' ')}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the super admin's Markdown (home, about, notice), sanitised with DOMPurify
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
