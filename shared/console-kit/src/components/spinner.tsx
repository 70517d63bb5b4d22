// The loading indicator of the console: an arco Spin, centred in the space it is given.
import { Spin } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';

export interface SpinnerProps {
  /** Minimum height of the centred area in pixels. */
  minHeight?: number;
}

export function Spinner({ minHeight = 240 }: SpinnerProps) {
  const { t } = useTranslation('common');
  return (
    <div
      data-testid="spinner"
      role="status"
      aria-label={t('loading')}
      style={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        width: '100%',
        minHeight,
      }}
    >
      <Spin size={32} />
    </div>
  );
}
