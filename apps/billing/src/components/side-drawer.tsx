// The editors' side drawer: width 600 (full width on mobile), cancel and submit in the footer;
// Enter in a field of the editor submits it too.
import { Button, Drawer, Space } from '@arco-design/web-react';
import { submitOnEnter } from '@switchyard/console-kit';
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
  // A failed save is reported by the query client; the drawer just stays open.
  const submit = () => void props.onSubmit().catch(() => undefined);
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
            onClick={submit}
            data-testid={props.submitTestId}
          >
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      {/* Keys bubble here from the fields; the wrapper itself is not interactive. */}
      <div onKeyDown={submitOnEnter(() => props.submitting || submit())} role="presentation">
        {props.children}
      </div>
    </Drawer>
  );
}
