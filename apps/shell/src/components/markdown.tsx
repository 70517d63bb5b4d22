// Markdown of the notice, home and about pages; marked stays out of the first load.
import { Spinner } from '@switchyard/console-kit';
import { lazy, Suspense } from 'react';
import type { MarkdownProps } from './markdown-view';

const MarkdownView = lazy(async () => ({
  default: (await import('./markdown-view')).MarkdownView,
}));

export function Markdown(props: MarkdownProps) {
  return (
    <Suspense fallback={<Spinner minHeight={80} />}>
      <MarkdownView {...props} />
    </Suspense>
  );
}
