// /oauth/github and /oauth/oidc (?code=&state=): finishes a provider's sign-in or binding; on
// failure goes to /setting.
import { Message, Spin } from '@arco-design/web-react';
import { reportError, useSessionStore } from '@switchyard/console-kit';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { RemoteRoot } from '../../remote';
import { SECOND_FACTOR_PARAM } from '../login/use-login';
import { finishGitHubOAuth, finishOidcOAuth, getSessionUser, type OAuthOutcome } from './oauth.api';

function OAuthCallbackPage({
  finish,
  testId,
}: {
  finish: (code: string, state: string) => Promise<OAuthOutcome>;
  testId: string;
}) {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const setUser = useSessionStore((state) => state.setUser);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    finish(params.get('code') ?? '', params.get('state') ?? '')
      .then(async (result) => {
        if (result.secondFactor) {
          navigate(`/login?${SECOND_FACTOR_PARAM}=1`, { replace: true });
          return;
        }
        if (result.bound) {
          Message.success(t('personal.bindSuccess'));
          navigate('/setting?tab=personal', { replace: true });
          return;
        }
        setUser(result.user ?? (await getSessionUser()));
        Message.success(t('login.success'));
        navigate('/', { replace: true });
      })
      .catch((error: unknown) => {
        reportError(error);
        navigate('/setting', { replace: true });
      });
  }, [finish, navigate, params, setUser, t]);
  return (
    <RemoteRoot testId={testId}>
      <div style={{ display: 'flex', justifyContent: 'center', padding: 48 }}>
        <Spin tip={t('oauth.processing')} />
      </div>
    </RemoteRoot>
  );
}

export const GitHubOAuthPage = () => (
  <OAuthCallbackPage finish={finishGitHubOAuth} testId="github-oauth-page" />
);

export const OidcOAuthPage = () => (
  <OAuthCallbackPage finish={finishOidcOAuth} testId="oidc-oauth-page" />
);
