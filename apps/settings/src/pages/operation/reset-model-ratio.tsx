// Puts the built-in model ratios back, after a confirmation.
import { Button, Message, Modal } from '@arco-design/web-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { resetModelRatio } from '../../options/options.api';

export function ResetModelRatio() {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const reset = useMutation({
    mutationFn: resetModelRatio,
    onSuccess: async () => {
      await queryClient.invalidateQueries();
      Message.success(t('modelRatio.done'));
    },
  });
  return (
    <Button
      status="danger"
      loading={reset.isPending}
      data-testid="reset-model-ratio"
      onClick={() =>
        Modal.confirm({
          title: t('modelRatio.confirmTitle'),
          content: t('modelRatio.confirmContent'),
          okText: t('actions.confirm'),
          cancelText: t('actions.cancel'),
          okButtonProps: { status: 'danger' },
          onOk: () => reset.mutate(),
        })
      }
    >
      {t('modelRatio.reset')}
    </Button>
  );
}
