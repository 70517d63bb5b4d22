// Shared strings of every console app, English.
import type { TranslationOf } from '../translation';
import type { commonZh } from './common.zh';

export const commonEn: TranslationOf<typeof commonZh> = {
  error: {
    tooManyRequests: 'Error: too many requests, please try again later!',
    serverError: 'Error: internal server error, please contact the administrator!',
    demoSite: 'This site is for demonstration only and has no server!',
    withMessage: 'Error: {{message}}',
    unknown: 'Unknown error',
    network: 'Network connection failed',
  },
  remote: {
    unavailable: '{{module}} is unavailable',
    pages: {
      GitHubOAuthPage: 'GitHub sign-in',
      LoginPage: 'The login page',
      PersonalSettings: 'The personal settings',
      RegisterPage: 'The sign-up page',
      ResetConfirmPage: 'The password reset page',
      ResetPasswordPage: 'The password reset page',
      UserEditPage: 'The user editor',
      UsersPage: 'The user list',
      PricingPage: 'The pricing page',
      RedemptionsPage: 'The redemption code list',
      TokensPage: 'The token list',
      WalletPage: 'The wallet',
      ChannelEditPage: 'The channel editor',
      ChannelsPage: 'The channel list',
      AsyncTasksPage: 'The async task list',
      DashboardPage: 'The dashboard',
      DrawingTasksPage: 'The drawing task list',
      LogsPage: 'The log page',
      OperationSettings: 'The operation settings',
      OtherSettings: 'The other settings',
      SystemSettings: 'The system settings',
      unknown: 'This page',
    },
    unavailableHint:
      'This part of the console could not be loaded; the rest keeps working. Please try again later.',
  },
  quota: {
    units: '{{quota}} quota',
    exact: '{{quota}} quota = ${{dollars}}',
  },
  action: {
    retry: 'Retry',
    confirm: 'OK',
    cancel: 'Cancel',
    close: 'Close',
  },
  list: {
    total: '{{total}} in total',
    moreActions: 'More actions',
    selectAll: 'Select all on this page',
    selectRow: 'Select {{key}}',
    empty: 'No data',
  },
  form: {
    issue: {
      required: 'This field is required',
      type: 'Enter a value of the right kind',
      integer: 'Enter a whole number',
      tooShort: 'Enter at least {{min}} characters',
      tooLong: 'Enter at most {{max}} characters',
      tooSmall: 'Enter a number of at least {{min}}',
      above: 'Enter a number greater than {{min}}',
      tooLarge: 'Enter a number of at most {{max}}',
      below: 'Enter a number less than {{max}}',
      email: 'Enter a valid email address',
      url: 'Enter a valid URL',
      format: 'The format is not valid',
      invalid: 'The value is not valid',
    },
    invalidFields: 'Please check the fields: {{fields}}',
  },
  loading: 'Loading…',
};
