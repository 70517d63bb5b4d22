// Copies text to the clipboard; when the browser refuses, shows the text in a modal to copy by hand.
import { Message, Modal } from '@arco-design/web-react';
import { createElement, useCallback } from 'react';
import { useTranslation } from 'react-i18next';

export function useCopy(): (text: string) => Promise<void> {
  const { t } = useTranslation('billing');
  return useCallback(
    async (text: string) => {
      try {
        await navigator.clipboard.writeText(text);
        Message.success(t('common.copied'));
      } catch {
        Modal.info({
          title: t('common.copyFailed'),
          content: createElement(
            'pre',
            {
              'data-testid': 'manual-copy-text',
              style: { whiteSpace: 'pre-wrap', wordBreak: 'break-all' },
            },
            text,
          ),
        });
      }
    },
    [t],
  );
}
