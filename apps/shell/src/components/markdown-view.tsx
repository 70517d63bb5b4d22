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
      // Content set by the super administrator, shown as written (like the reference console).
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
