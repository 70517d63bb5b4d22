// Deletes the logs older than a chosen time (default one month ago) and says how many went.
import { Button, DatePicker, Form, Message, Modal, Space } from '@arco-design/web-react';
import { formatTime, isApiError } from '@switchyard/console-kit';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cleanLogsBefore } from '../../options/options.api';

/** The default cut-off of spec §9: the same moment one month ago. */
export function oneMonthAgo(now = new Date()): number {
  const moment = new Date(now);
  moment.setMonth(moment.getMonth() - 1);
  return moment.getTime();
}

export function LogCleanup() {
  const { t } = useTranslation('settings');
  const [cutoff, setCutoff] = useState<number | undefined>(() => oneMonthAgo());
  const clean = useMutation({
    mutationFn: (milliseconds: number) => cleanLogsBefore(Math.floor(milliseconds / 1000)),
    meta: { silent: true },
    onSuccess: (count) => Message.success(t('logCleanup.done', { count: count ?? 0 })),
    onError: (error) => {
      const message = isApiError(error) || error instanceof Error ? error.message : String(error);
      Message.error(t('logCleanup.failed', { message }));
    },
  });

  const submit = () => {
    if (cutoff === undefined) {
      Message.error(t('logCleanup.chooseTime'));
      return;
    }
    Modal.confirm({
      title: t('logCleanup.confirmTitle'),
      content: t('logCleanup.confirmContent', { time: formatTime(Math.floor(cutoff / 1000)) }),
      okText: t('actions.confirm'),
      cancelText: t('actions.cancel'),
      okButtonProps: { status: 'danger' },
      onOk: () => clean.mutate(cutoff),
    });
  };

  return (
    <Form.Item label={t('logCleanup.time')}>
      <Space wrap>
        <DatePicker
          showTime
          value={cutoff}
          onChange={(_text, date) => setCutoff(date ? date.valueOf() : undefined)}
          data-testid="log-cleanup-time"
        />
        <Button
          status="danger"
          loading={clean.isPending}
          onClick={submit}
          data-testid="log-cleanup-submit"
        >
          {t('logCleanup.submit')}
        </Button>
      </Space>
    </Form.Item>
  );
}
