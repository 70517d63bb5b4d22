// The central error handling of spec §8, in one place: what the user sees for a failed call.
import { Message } from '@arco-design/web-react';
import { isValidationReplyData } from '@switchyard/contracts';
import type { TFunction } from 'i18next';
import { isApiError } from '../http/api-error';
import { i18next } from '../i18n/i18n';
import { getSession } from '../store/session-store';

export const EXPIRED_LOGIN_PATH = '/login?expired=true';

export type ErrorOutcome =
  | { type: 'notify'; level: 'error' | 'info'; text: string }
  | { type: 'expired' }
  | { type: 'ignore' };

/** Decides what a failure means for the user; pure, so the mapping is testable. */
export function describeError(error: unknown, t: TFunction): ErrorOutcome {
  if (!isApiError(error)) {
    const message = error instanceof Error ? error.message : String(error);
    return { type: 'notify', level: 'error', text: t('common:error.withMessage', { message }) };
  }
  if (error.kind === 'canceled') return { type: 'ignore' };
  if (error.kind === 'refused') {
    return { type: 'notify', level: 'error', text: error.message || t('common:error.unknown') };
  }
  if (isValidationReplyData(error.data) && error.data.fields.length > 0) {
    // A form shows these under its fields; elsewhere, each field's problem without the raw prefix.
    const fields = error.data.fields.map((field) => `${field.field}: ${field.message}`).join('; ');
    return { type: 'notify', level: 'error', text: t('common:form.invalidFields', { fields }) };
  }
  switch (error.status) {
    case 401:
      return { type: 'expired' };
    case 429:
      return { type: 'notify', level: 'error', text: t('common:error.tooManyRequests') };
    case 500:
      return { type: 'notify', level: 'error', text: t('common:error.serverError') };
    case 405:
      return { type: 'notify', level: 'info', text: t('common:error.demoSite') };
    default: {
      const message = error.kind === 'network' ? t('common:error.network') : error.message;
      return { type: 'notify', level: 'error', text: t('common:error.withMessage', { message }) };
    }
  }
}

export interface Notifier {
  error: (text: string) => void;
  info: (text: string) => void;
}

export interface ReportErrorOptions {
  /** The shell's router navigation; without it a 401 only clears the user. */
  navigate?: (to: string) => void | Promise<void>;
  notify?: Notifier;
}

const arcoNotifier: Notifier = {
  error: (text) => Message.error(text),
  info: (text) => Message.info(text),
};

/** Shows a failure the way spec §8 says; a 401 clears the stored user and goes to the login page. */
export function reportError(error: unknown, options: ReportErrorOptions = {}): ErrorOutcome {
  const outcome = describeError(error, i18next.t.bind(i18next) as TFunction);
  const notify = options.notify ?? arcoNotifier;
  if (outcome.type === 'expired') {
    // Marked as expired, so a route guard that sees the user vanish also sends them to the
    // expired-login page, whichever of the two renders first.
    getSession().clearUser('expired');
    void options.navigate?.(EXPIRED_LOGIN_PATH);
  } else if (outcome.type === 'notify') {
    notify[outcome.level](outcome.text);
  }
  return outcome;
}
