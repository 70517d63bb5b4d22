// The centred card of the sign-in pages: logo, title and subtitle above the form.
import { Card, Typography } from '@arco-design/web-react';
import { useSessionStore } from '@switchyard/console-kit';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface AuthCardProps {
  title: string;
  subtitle: string;
  children: ReactNode;
  footer?: ReactNode;
}

export function AuthCard({ title, subtitle, children, footer }: AuthCardProps) {
  const { t } = useTranslation('account');
  const status = useSessionStore((state) => state.status);
  return (
    <div style={{ display: 'flex', justifyContent: 'center', padding: '48px 12px' }}>
      <Card style={{ width: '100%', maxWidth: 400, borderRadius: 10 }} bodyStyle={{ padding: 32 }}>
        <div style={{ textAlign: 'center', marginBottom: 24 }}>
          <img
            src={status?.logo || '/logo.png'}
            alt=""
            width={44}
            height={44}
            style={{ borderRadius: 10 }}
          />
          <Typography.Title heading={4} style={{ margin: '12px 0 4px' }}>
            {title}
          </Typography.Title>
          <Typography.Text type="secondary">
            {subtitle} · {status?.system_name || t('auth.brandFallback')}
          </Typography.Text>
        </div>
        {children}
        {footer ? (
          <div style={{ marginTop: 20, textAlign: 'center', fontSize: 13 }}>{footer}</div>
        ) : null}
      </Card>
    </div>
  );
}
