// Long text in a table cell: a short preview that opens the whole text in a modal.
import { Modal, Typography } from '@arco-design/web-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface TextDetailProps {
  title: string;
  text: string;
  /** Characters shown in the cell. */
  preview?: number;
}

export function TextDetail({ title, text, preview = 24 }: TextDetailProps) {
  const { t } = useTranslation('observability');
  const [open, setOpen] = useState(false);
  if (!text) return null;
  const short = text.length > preview ? `${text.slice(0, preview)}…` : text;
  return (
    <>
      <Typography.Text style={{ cursor: 'pointer' }} onClick={() => setOpen(true)}>
        {short}
      </Typography.Text>
      <Modal
        title={title}
        visible={open}
        footer={null}
        onCancel={() => setOpen(false)}
        aria-label={t('list.detail')}
      >
        <pre style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', margin: 0 }}>{text}</pre>
      </Modal>
    </>
  );
}
