// Cells both task tables use: duration (red above 60 s, spec §9) and progress.
import { Progress, Tag } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';

/** Seconds between submit and finish; nothing while the task runs. */
export function Duration({ seconds }: { seconds: number | null }) {
  const { t } = useTranslation('observability');
  if (seconds === null || seconds < 0) return null;
  return (
    <Tag color={seconds > 60 ? 'red' : 'green'}>
      {t('list.seconds', { value: seconds.toFixed(1) })}
    </Tag>
  );
}

export function TaskProgress({ progress }: { progress: string }) {
  if (!progress) return null;
  const percent = Number.parseFloat(progress);
  return Number.isFinite(percent) ? (
    <Progress percent={percent} size="small" style={{ width: 100 }} />
  ) : (
    <span>{progress}</span>
  );
}
