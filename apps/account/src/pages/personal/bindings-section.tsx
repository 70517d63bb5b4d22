// Bind an email (with a mailed code) and, when enabled, a GitHub account.
import { Button, Input, Message, Space, Tag } from '@arco-design/web-react';
import { useSessionStore } from '@switchyard/console-kit';
import type { SelfUser } from '@switchyard/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmailCodeInput } from '../../components/email-code-input';
import { startGitHubOAuth } from '../../components/github-oauth';
import { TelegramWidget } from '../../components/telegram-widget';
import { WeChatModal } from '../../components/wechat-modal';
import { wechatBind } from '../oauth/oauth.api';
import { bindEmail } from './personal.api';
import { SELF_KEY } from './use-self';

export function BindingsSection({ self }: { self: SelfUser }) {
  const { t } = useTranslation('account');
  const client = useQueryClient();
  const status = useSessionStore((state) => state.status);
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [wechatOpen, setWeChatOpen] = useState(false);
  const bind = useMutation({
    mutationFn: () => bindEmail(email.trim(), code.trim()),
    onSuccess: () => {
      Message.success(t('personal.emailBound'));
      setCode('');
      void client.invalidateQueries({ queryKey: SELF_KEY });
    },
  });
  const submit = () => {
    if (!email.trim()) return Message.error(t('email.required'));
    if (!code.trim()) return Message.error(t('email.codeRequired'));
    bind.mutate();
  };
  return (
    <Space direction="vertical" style={{ width: '100%', maxWidth: 420 }}>
      <div>
        {t('personal.email')}:{' '}
        <Tag data-testid="personal-email">{self.email || t('personal.notBound')}</Tag>
      </div>
      <EmailCodeInput email={email} onEmail={setEmail} testId="bind" />
      <Input
        value={code}
        onChange={setCode}
        placeholder={t('email.codePlaceholder')}
        data-testid="bind-code"
      />
      <Button loading={bind.isPending} onClick={submit} data-testid="bind-email-submit">
        {t('personal.bindEmail')}
      </Button>
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
      {status?.telegram_oauth ? (
        <div>
          Telegram: <Tag>{self.telegram_id || t('personal.notBound')}</Tag>
          {self.telegram_id ? null : <TelegramWidget />}
        </div>
      ) : null}
    </Space>
  );
}
