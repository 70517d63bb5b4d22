// The first-run checklist: add credit, create a key, make a first call — each ticks from the
// server's own records, the last one by itself when the first consume log appears.
import { Button, Card, Typography } from '@arco-design/web-react';
import { IconCheckCircleFill } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { FirstRunSteps } from './use-first-run';

type StepKey = 'credit' | 'key' | 'call';
const STEPS: { key: StepKey; to: string; action: string }[] = [
  { key: 'credit', to: '/topup', action: 'checklist.redeem' },
  { key: 'key', to: '/token', action: 'checklist.keyAction' },
  { key: 'call', to: '/playground', action: 'checklist.callAction' },
];

export function FirstRunChecklist({ steps }: { steps: FirstRunSteps }) {
  const { t } = useTranslation('billing');
  const allDone = steps.credit && steps.key && steps.call;
  return (
    <Card
      title={t('checklist.title')}
      data-testid="first-run-checklist"
      style={{ marginBottom: 16 }}
    >
      <Typography.Paragraph type="secondary">
        {allDone ? t('checklist.allDone') : t('checklist.intro')}
      </Typography.Paragraph>
      <ol style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {STEPS.map(({ key, to, action }) => {
          const done = steps[key];
          return (
            <li
              key={key}
              data-testid={`checklist-${key}`}
              data-done={done}
              style={{
                display: 'flex',
                alignItems: 'center',
                gap: 12,
                flexWrap: 'wrap',
                padding: '8px 0',
              }}
            >
              <IconCheckCircleFill
                aria-hidden
                style={{
                  fontSize: 20,
                  color: done ? 'rgb(var(--green-6))' : 'var(--color-fill-4)',
                }}
              />
              <div style={{ flex: '1 1 200px' }}>
                <Typography.Text bold>{t(`checklist.${key}`)}</Typography.Text>
                <span className="sy-visually-hidden">
                  {` (${done ? t('checklist.done') : t('checklist.todo')})`}
                </span>
                <div>
                  <Typography.Text type="secondary">{t(`checklist.${key}Hint`)}</Typography.Text>
                </div>
              </div>
              {done ? null : (
                <Link to={to}>
                  <Button size="small" type="outline">
                    {t(action)}
                  </Button>
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </Card>
  );
}
