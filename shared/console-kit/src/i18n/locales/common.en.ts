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
    unavailableHint:
      'This part of the console could not be loaded; the rest keeps working. Please try again later.',
  },
  action: {
    retry: 'Retry',
    confirm: 'OK',
    cancel: 'Cancel',
    close: 'Close',
  },
  loading: 'Loading…',
};
