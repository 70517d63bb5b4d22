// The registration email rules of the settings: domain whitelist and alias restriction.
import type { MessageKey } from '../../i18n';
import type { OptionsStore } from '../options/options.store';

/** The message key of the first rule the address breaks, or null when it passes. */
export function emailRuleViolation(options: OptionsStore, email: string): MessageKey | null {
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  const domain = email.slice(at + 1).toLowerCase();
  if (options.getBool('EmailDomainRestrictionEnabled')) {
    const allowed = options
      .getString('EmailDomainWhitelist')
      .split(',')
      .map((entry) => entry.trim().toLowerCase())
      .filter(Boolean);
    if (!allowed.includes(domain)) return 'verification.domainNotAllowed';
  }
  // A `+tag` alias lets one mailbox register many accounts (and collect many invitation rewards).
  if (options.getBool('EmailAliasRestrictionEnabled') && local.includes('+')) {
    return 'verification.aliasNotAllowed';
  }
  return null;
}
