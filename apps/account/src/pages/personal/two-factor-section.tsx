// Personal settings: turn the TOTP second factor on (QR code, then a code, then the recovery
// codes shown once) or off (a code or a recovery code).
import { Button, Input, Message, Space, Tag, Typography } from '@arco-design/web-react';
import type { TwoFactorSetupReply } from '@switchyard/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { disableTwoFactor, enableTwoFactor, getTwoFactor, setupTwoFactor } from './identity.api';

const STATUS_KEY = ['account', 'two-factor'];

export function TwoFactorSection() {
  const { t } = useTranslation('account');
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: STATUS_KEY, queryFn: getTwoFactor });
  const [setup, setSetup] = useState<TwoFactorSetupReply | null>(null);
  const [code, setCode] = useState('');
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>([]);
  const refresh = () => queryClient.invalidateQueries({ queryKey: STATUS_KEY });

  const start = useMutation({ mutationFn: setupTwoFactor, onSuccess: setSetup });
  const enable = useMutation({
    mutationFn: () => enableTwoFactor(code.trim()),
    onSuccess: (reply) => {
      setRecoveryCodes(reply.recovery_codes);
      setSetup(null);
      setCode('');
      Message.success(t('twoFactor.enabled'));
      void refresh();
    },
  });
  const disable = useMutation({
    mutationFn: () => {
      const answer = code.trim();
      return disableTwoFactor(
        /^\d{6}$/.test(answer) ? { code: answer } : { recovery_code: answer },
      );
    },
    onSuccess: () => {
      setCode('');
      setRecoveryCodes([]);
      Message.success(t('twoFactor.disabled'));
      void refresh();
    },
  });

  const enabled = status.data?.enabled === true;
  return (
    <Space direction="vertical" style={{ width: '100%', maxWidth: 520 }} data-testid="personal-2fa">
      <Tag color={enabled ? 'green' : 'gray'} data-testid="personal-2fa-status">
        {t(enabled ? 'twoFactor.on' : 'twoFactor.off')}
      </Tag>
      {recoveryCodes.length > 0 ? (
        <div data-testid="personal-2fa-recovery">
          <Typography.Text>{t('twoFactor.recoveryCodes')}</Typography.Text>
          <pre>{recoveryCodes.join('\n')}</pre>
        </div>
      ) : null}
      {!enabled && !setup ? (
        <Button
          loading={start.isPending}
          onClick={() => start.mutate()}
          data-testid="personal-2fa-setup"
        >
          {t('twoFactor.setup')}
        </Button>
      ) : null}
      {!enabled && setup ? (
        <>
          <Typography.Text>{t('twoFactor.scan')}</Typography.Text>
          <QRCodeSVG value={setup.uri} size={160} />
          <Typography.Text copyable code data-testid="personal-2fa-secret">
            {setup.secret}
          </Typography.Text>
        </>
      ) : null}
      {enabled || setup ? (
        <Space>
          <Input
            value={code}
            onChange={setCode}
            autoComplete="one-time-code"
            placeholder={t(enabled ? 'twoFactor.disableHint' : 'twoFactor.codePlaceholder')}
            style={{ width: 300 }}
            data-testid="personal-2fa-code"
          />
          {enabled ? (
            <Button
              status="danger"
              loading={disable.isPending}
              disabled={!code.trim()}
              onClick={() => disable.mutate()}
              data-testid="personal-2fa-disable"
            >
              {t('twoFactor.disable')}
            </Button>
          ) : (
            <Button
              type="primary"
              loading={enable.isPending}
              disabled={!code.trim()}
              onClick={() => enable.mutate()}
              data-testid="personal-2fa-enable"
            >
              {t('twoFactor.enable')}
            </Button>
          )}
        </Space>
      ) : null}
    </Space>
  );
}
