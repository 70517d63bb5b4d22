// Bind an email (with a mailed code) and, when enabled, a GitHub, WeChat, OpenID Connect or
// Telegram account.
import { Button, Form, Input, Message, Space, Tag } from '@arco-design/web-react';
import { useContractForm, useSessionStore } from '@switchyard/console-kit';
import type { SelfUser } from '@switchyard/contracts';
import { emailBindQuerySchema } from '@switchyard/contracts/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmailCodeInput } from '../../components/email-code-input';
import { startGitHubOAuth } from '../../components/github-oauth';
import { TelegramWidget } from '../../components/telegram-widget';
import { WeChatModal } from '../../components/wechat-modal';
import { wechatBind } from '../oauth/oauth.api';
import { OidcBinding } from './oidc-binding';
import { bindEmail } from './personal.api';
import { SELF_KEY } from './use-self';

interface EmailBinding {
  email: string;
  code: string;
}

export function BindingsSection({ self }: { self: SelfUser }) {
  const { t } = useTranslation('account');
  const client = useQueryClient();
  const status = useSessionStore((state) => state.status);
  const { form, rules, submit } = useContractForm<typeof emailBindQuerySchema, EmailBinding>(
    emailBindQuerySchema,
    {
      messages: {
        email: { required: t('email.required') },
        code: { required: t('email.codeRequired') },
      },
    },
  );
  const [wechatOpen, setWeChatOpen] = useState(false);
  const bind = useMutation({
    mutationFn: ({ email, code }: EmailBinding) => bindEmail(email.trim(), code.trim()),
    onSuccess: () => {
      Message.success(t('personal.emailBound'));
      form.setFieldValue('code', '');
      void client.invalidateQueries({ queryKey: SELF_KEY });
    },
    // The form shows a failed binding itself (under the fields when the server names them).
    meta: { silent: true },
  });
  return (
    <Space direction="vertical" style={{ width: '100%', maxWidth: 420 }}>
      <div>
        {t('personal.email')}:{' '}
        <Tag data-testid="personal-email">{self.email || t('personal.notBound')}</Tag>
      </div>
      <Form
        form={form}
        layout="vertical"
        onSubmit={() => void submit((values) => bind.mutateAsync(values))}
      >
        <Form.Item
          label={t('personal.email')}
          field="email"
          rules={rules.email}
          trigger="onEmail"
          triggerPropName="email"
        >
          <EmailCodeInput testId="bind" />
        </Form.Item>
        <Form.Item label={t('email.codePlaceholder')} field="code" rules={rules.code}>
          <Input placeholder={t('email.codePlaceholder')} data-testid="bind-code" />
        </Form.Item>
        <Button htmlType="submit" loading={bind.isPending} data-testid="bind-email-submit">
          {t('personal.bindEmail')}
        </Button>
      </Form>
      {status?.github_oauth ? (
        <div>
          {t('personal.github')}:{' '}
          <Tag data-testid="personal-github">{self.github_id || t('personal.notBound')}</Tag>{' '}
          <Button
            size="small"
            disabled={Boolean(self.github_id)}
            onClick={() => void startGitHubOAuth(status)}
            data-testid="personal-bind-github"
          >
            {t('personal.bindGitHub')}
          </Button>
        </div>
      ) : null}
      {status?.wechat_login ? (
        <div>
          {t('wechat.account')}:{' '}
          <Tag data-testid="personal-wechat">
            {self.wechat_id ? t('personal.bound') : t('personal.notBound')}
          </Tag>{' '}
          <Button
            size="small"
            disabled={Boolean(self.wechat_id)}
            onClick={() => setWeChatOpen(true)}
            data-testid="personal-bind-wechat"
          >
            {t('wechat.bind')}
          </Button>
          <WeChatModal
            title={t('wechat.bind')}
            visible={wechatOpen}
            onClose={() => setWeChatOpen(false)}
            submit={wechatBind}
            onDone={() => {
              Message.success(t('personal.bindSuccess'));
              setWeChatOpen(false);
              void client.invalidateQueries({ queryKey: SELF_KEY });
            }}
          />
        </div>
      ) : null}
      {status?.oidc ? (
        <OidcBinding self={self} label={status.oidc_button_text || 'OpenID Connect'} />
      ) : null}
      {status?.telegram_oauth ? (
        <div>
          Telegram: <Tag>{self.telegram_id || t('personal.notBound')}</Tag>
          {self.telegram_id ? null : <TelegramWidget />}
        </div>
      ) : null}
    </Space>
  );
}
