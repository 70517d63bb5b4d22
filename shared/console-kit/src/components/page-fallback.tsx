// What a page area shows when its content failed: an arco error Result with a Retry button.
import { Button, Result } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';

export interface PageFallbackProps {
  title: string;
  subTitle?: string;
  onRetry?: () => void;
  retrying?: boolean;
  testId?: string;
}

export function PageFallback({
  title,
  subTitle,
  onRetry,
  retrying = false,
  testId = 'page-fallback',
}: PageFallbackProps) {
  const { t } = useTranslation('common');
  return (
    <div data-testid={testId} style={{ padding: '48px 16px' }}>
      <Result
        status="error"
        title={title}
        subTitle={subTitle}
        extra={
          onRetry ? (
            <Button
              type="primary"
              loading={retrying}
              onClick={onRetry}
              data-testid="fallback-retry"
            >
              {t('action.retry')}
            </Button>
          ) : null
        }
      />
    </div>
  );
}
