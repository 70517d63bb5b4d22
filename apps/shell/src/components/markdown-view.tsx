// Administrator-authored Markdown rendered with marked (loaded only when there is Markdown to show).
import { marked } from 'marked';
import { useMemo } from 'react';

export interface MarkdownProps {
  source: string;
  className?: string;
}

export function MarkdownView({ source, className }: MarkdownProps) {
  const html = useMemo(() => marked.parse(source, { async: false, gfm: true }), [source]);
  return (
    <div
      className={['sy-markdown', className].filter(Boolean).join(' ')}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: content only the super admin sets (home, about, notice), rendered as written
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
