// Rules of the option endpoints: what GET /api/option/ may reveal and what PUT may change.
import {
  isOptionKey,
  isSecretOption,
  type OptionEntry,
  type OptionKey,
} from '@switchyard/contracts';
import type { MessageKey } from '../../i18n';
import { refuse } from '../../lib/errors';
import type { OptionsStore } from './options.store';

/** Switches that need another option filled in before they may be turned on. */
const PREREQUISITES: Partial<Record<OptionKey, { needs: OptionKey; message: MessageKey }>> = {
  GitHubOAuthEnabled: { needs: 'GitHubClientId', message: 'option.requiresGitHubClientId' },
  EmailDomainRestrictionEnabled: {
    needs: 'EmailDomainWhitelist',
    message: 'option.requiresEmailWhitelist',
  },
  WeChatAuthEnabled: { needs: 'WeChatServerAddress', message: 'option.requiresWeChatServer' },
  TurnstileCheckEnabled: { needs: 'TurnstileSiteKey', message: 'option.requiresTurnstileSiteKey' },
};

export class OptionsService {
  constructor(private readonly store: OptionsStore) {}

  list(): OptionEntry[] {
    return this.store
      .entries()
      .map(([key, value]) =>
        isSecretOption(key) ? { key, value: '', secret: true, set: value !== '' } : { key, value },
      );
  }

  async update(key: string, value: string): Promise<void> {
    if (!isOptionKey(key)) throw refuse('option.unknownKey', { key });
    const prerequisite = PREREQUISITES[key];
    if (prerequisite && value === 'true' && this.store.get(prerequisite.needs).trim() === '') {
      throw refuse(prerequisite.message);
    }
    if (!(await this.store.set(key, value))) throw refuse('option.invalidValue', { key });
  }
}
