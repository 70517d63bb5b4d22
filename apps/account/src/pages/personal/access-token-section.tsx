// Generates a system access token (replacing the previous one) and offers to copy it.
import { Button, Input, Message, Space } from '@arco-design/web-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { generateAccessToken } from './personal.api';

export async function copyText(text: string, t: (key: string) => string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    Message.success(t('personal.copied'));
  } catch {
    Message.warning(t('personal.copyFailed'));
  }
}

export function AccessTokenSection() {
  const { t } = useTranslation('account');
  const generate = useMutation({ mutationFn: generateAccessToken });
  return (
    <Space direction="vertical" style={{ width: '100%', maxWidth: 520 }}>
      <Button
        loading={generate.isPending}
        onClick={() => generate.mutate()}
        data-testid="personal-token-generate"
      >
        {t('personal.generateToken')}
      </Button>
      {generate.data ? (
        <Input
          readOnly
          value={generate.data}
          data-testid="personal-token"
          addAfter={
            <Button type="text" size="mini" onClick={() => copyText(generate.data, t)}>
              {t('personal.copy')}
            </Button>
          }
        />
      ) : null}
    </Space>
  );
}
