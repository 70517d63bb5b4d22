// The login page's passkey button: loads the ceremony on click, signs in, stores the user.
import { Message } from '@arco-design/web-react';
import { useSessionStore } from '@switchyard/console-kit';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportPasskeyError } from '../../components/passkey-ceremony';

export function usePasskeySignIn(onSignedIn: () => void) {
  const { t } = useTranslation('account');
  const setUser = useSessionStore((state) => state.setUser);
  const [pending, setPending] = useState(false);
  const start = async () => {
    setPending(true);
    try {
      const { signInWithPasskey } = await import('./passkey-sign-in');
      setUser(await signInWithPasskey());
      Message.success(t('login.success'));
      onSignedIn();
    } catch (error) {
      reportPasskeyError(error, t);
    } finally {
      setPending(false);
    }
  };
  return { pending, start };
}
