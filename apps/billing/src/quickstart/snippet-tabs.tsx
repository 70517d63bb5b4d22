// The snippets as tabs, each a code block with its own copy button.
import { Button, Tabs } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { useCopy } from '../lib/use-copy';
import type { Snippet } from './snippets';

export function SnippetTabs({ snippets }: { snippets: Snippet[] }) {
  const { t } = useTranslation('billing');
  const copy = useCopy();
  return (
    <Tabs type="rounded" size="small" className="sy-quickstart-tabs" data-testid="quickstart-tabs">
      {snippets.map((snippet) => {
        const name = t(`quickstart.tabs.${snippet.kind}`);
        return (
          <Tabs.TabPane key={snippet.kind} title={name}>
            <section aria-label={name} style={{ position: 'relative' }}>
              <pre
                className="sy-quickstart-code"
                data-testid={`quickstart-code-${snippet.kind}`}
                data-language={snippet.language}
                // A keyboard user can focus the block to scroll it sideways.
                // biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable code must be focusable
                tabIndex={0}
                style={{
                  margin: 0,
                  padding: '12px 12px 12px 12px',
                  overflowX: 'auto',
                  background: 'var(--color-fill-2)',
                  borderRadius: 4,
                  fontSize: 12,
                  lineHeight: 1.6,
                }}
              >
                <code>{snippet.code}</code>
              </pre>
              <Button
                size="mini"
                style={{ position: 'absolute', top: 6, right: 6 }}
                aria-label={t('quickstart.copySnippet', { name })}
                data-testid={`quickstart-copy-${snippet.kind}`}
                onClick={() => void copy(snippet.code)}
              >
                {t('quickstart.copy')}
              </Button>
            </section>
          </Tabs.TabPane>
        );
      })}
    </Tabs>
  );
}
