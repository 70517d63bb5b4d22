// The administrator's notice (Markdown), shown once per distinct text; closing remembers it.
import { Modal } from '@arco-design/web-react';
import { LOCAL_KEYS, readLocal, writeLocal } from '@switchyard/console-kit';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../api/query-keys';
import { getNotice } from '../api/status.api';
import { Markdown } from '../components/markdown';

export function NoticeModal() {
  const { t } = useTranslation('shell');
  const [visible, setVisible] = useState(false);
  const { data: notice } = useQuery({
    queryKey: queryKeys.notice,
    queryFn: getNotice,
    staleTime: Number.POSITIVE_INFINITY,
    meta: { silent: true },
  });

  useEffect(() => {
    if (notice?.trim() && notice !== readLocal(LOCAL_KEYS.notice)) setVisible(true);
  }, [notice]);

  const close = () => {
    if (notice) writeLocal(LOCAL_KEYS.notice, notice);
    setVisible(false);
  };

  return (
    <Modal
      title={t('notice.title')}
      visible={visible}
      onOk={close}
      onCancel={close}
      hideCancel
      data-testid="notice-modal"
      style={{ maxWidth: 'calc(100vw - 32px)' }}
    >
      <Markdown source={notice ?? ''} />
    </Modal>
  );
}
