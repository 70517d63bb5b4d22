// Admin: a user's name, quota, used quota and request count, opened from the log's user column.
import { Descriptions, Modal, Spin } from '@arco-design/web-react';
import { useQuotaDisplay } from '@switchyard/console-kit';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchUserSummary } from './logs.api';

export function UserInfoModal({ userId, onClose }: { userId: number | null; onClose: () => void }) {
  const { t } = useTranslation('observability');
  const { renderQuota } = useQuotaDisplay();
  const user = useQuery({
    queryKey: ['observability', 'user-summary', userId],
    queryFn: () => fetchUserSummary(userId ?? 0),
    enabled: userId !== null,
  });
  const data = user.data;
  return (
    <Modal title={t('logs.userInfo')} visible={userId !== null} footer={null} onCancel={onClose}>
      {data ? (
        <Descriptions
          column={1}
          data={[
            { label: t('filter.username'), value: data.username },
            { label: t('logs.userQuota'), value: renderQuota(data.quota) },
            { label: t('logs.userUsedQuota'), value: renderQuota(data.used_quota) },
            { label: t('logs.userRequests'), value: data.request_count },
          ]}
        />
      ) : (
        <Spin />
      )}
    </Modal>
  );
}
