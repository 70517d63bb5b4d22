// The editors' side drawer: width 600 (full width on mobile), cancel and submit in the footer.
import { Button, Drawer, Space } from '@arco-design/web-react';
import { MOBILE_BREAKPOINT } from '@switchyard/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Editors close (and reset) this long after a successful save (spec §2, §9). */
export const CLOSE_DELAY_MS = 500;

export interface SideDrawerProps {
  visible: boolean;
  title: string;
  submitting: boolean;
  submitTestId: string;
  onSubmit: () => Promise<void>;
  onClose: () => void;
  children: ReactNode;
}

export function SideDrawer(props: SideDrawerProps) {
  const { t } = useTranslation('billing');
  const mobile = typeof window !== 'undefined' && window.innerWidth < MOBILE_BREAKPOINT;
  return (
    <Drawer
      width={mobile ? '100%' : 600}
      visible={props.visible}
      title={props.title}
      onCancel={props.onClose}
      footer={
        <Space>
          <Button onClick={props.onClose}>{t('common.cancel')}</Button>
          <Button
            type="primary"
            loading={props.submitting}
            // A failed save is reported by the query client; the drawer just stays open.
            onClick={() => void props.onSubmit().catch(() => undefined)}
            data-testid={props.submitTestId}
          >
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      {props.children}
    </Drawer>
  );
}
