// The phone's sidebar: an overlay drawer opened from the top bar. Loaded the first time it opens
// (app-layout.tsx), so a page's first load does not carry Arco's Drawer.
import { Drawer } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { Sidebar } from '../sidebar';

export interface PhoneNavProps {
  visible: boolean;
  onClose: () => void;
}

export function PhoneNav({ visible, onClose }: PhoneNavProps) {
  const { t } = useTranslation('shell');
  return (
    <Drawer
      className="sy-nav-drawer"
      placement="left"
      width={260}
      visible={visible}
      onCancel={onClose}
      footer={null}
      title={t('nav.menu')}
      data-testid="nav-drawer"
    >
      <Sidebar onNavigate={onClose} />
    </Drawer>
  );
}
