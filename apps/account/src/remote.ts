// The account remote (sign-in, registration, password reset, personal settings and user
// administration). Importing it registers the `account` strings; every page renders inside its
// RemoteRoot.
import { defineRemote } from '@switchyard/console-kit';
import { accountEn } from './i18n/account.en';
import { accountZh } from './i18n/account.zh';

export const accountRemote = defineRemote({
  name: 'account',
  build: typeof SWITCHYARD_BUILD_ID === 'string' ? SWITCHYARD_BUILD_ID : 'dev',
  translations: { zh: accountZh, en: accountEn },
});

export const { RemoteRoot } = accountRemote;
