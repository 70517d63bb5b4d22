// The system tab: server address and worker, payment (after the server address), sign-in and
// registration switches, email domains, SMTP, GitHub, WeChat, OpenID Connect, Telegram and
// Turnstile.
import type { OptionKey } from '@switchyard/contracts/options';
import { useTranslation } from 'react-i18next';
import { OptionSection } from '../../components/option-section';
import { SettingsPageFrame } from '../../components/settings-page-frame';
import type { OptionsState } from '../../options/use-options';
import { SYSTEM_SECTIONS as S } from './system-sections';

/** Payment settings need a stored server address (spec §5): callbacks are built from it. */
export const serverAddressMissing = (options: OptionsState): boolean =>
  (options.values.ServerAddress ?? '').trim() === '';

function SystemSections({ options }: { options: OptionsState }) {
  const { t } = useTranslation('settings');
  const serverAddress = (options.values.ServerAddress ?? '').replace(/\/+$/, '');
  const checkPayment = (_changes: readonly [OptionKey, string][]) =>
    serverAddressMissing(options) ? t('messages.serverAddressFirst') : null;
  return (
    <>
      <OptionSection spec={S.system} options={options} />
      <OptionSection
        spec={S.payment}
        options={options}
        hint={t('hints.payment')}
        check={checkPayment}
      />
      <OptionSection
        spec={S.stripe}
        options={options}
        hint={t('hints.stripe', { webhook: `${serverAddress || '<server>'}/api/stripe/webhook` })}
        check={checkPayment}
      />
      <OptionSection spec={S.login} options={options} />
      <OptionSection spec={S.emailDomain} options={options} hint={t('hints.emailDomain')} />
      <OptionSection spec={S.smtp} options={options} hint={t('hints.smtp')} />
      <OptionSection
        spec={S.github}
        options={options}
        hint={t('hints.github', { callback: `${serverAddress || '<server>'}/oauth/github` })}
      />
      <OptionSection spec={S.wechat} options={options} hint={t('hints.wechat')} />
      <OptionSection
        spec={S.oidc}
        options={options}
        hint={t('hints.oidc', { callback: `${serverAddress || '<server>'}/oauth/oidc` })}
      />
      <OptionSection spec={S.telegram} options={options} hint={t('hints.telegram')} />
      <OptionSection spec={S.turnstile} options={options} hint={t('hints.turnstile')} />
    </>
  );
}

export function SystemSettings() {
  return (
    <SettingsPageFrame testId="system-settings">
      {(options) => <SystemSections options={options} />}
    </SettingsPageFrame>
  );
}
