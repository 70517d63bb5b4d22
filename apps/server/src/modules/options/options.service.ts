// Rules of the option endpoints: what GET /api/option/ may reveal and what PUT may change.
import type { OptionEntry } from '@switchyard/contracts';
import {
  isOptionKey,
  isRatioOption,
  isSecretOption,
  OPTION_DEFINITIONS,
  type OptionKey,
  type OptionProblem,
  optionValueProblem,
} from '@switchyard/contracts/options';
import type { Db } from '../../db/database';
import type { MessageKey, MessageParams } from '../../i18n';
import { type AppError, refuse } from '../../lib/errors';
import { type AuditActor, maskedOption, recordAudit } from '../audit/audit.writer';
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

type ScalarProblem = Exclude<OptionProblem['code'], 'json' | 'ratioMap' | 'rateLimitMap'>;

const PROBLEM_MESSAGES: Record<ScalarProblem, MessageKey> = {
  boolean: 'option.notBoolean',
  integer: 'option.notInteger',
  number: 'option.notNumber',
  min: 'option.belowMin',
  max: 'option.aboveMax',
  url: 'option.invalidUrl',
  choice: 'option.invalidChoice',
  tooLong: 'option.tooLong',
};

/** The refusal for a bad value; the JSON options have the spec's "… 不是合法的 JSON 字符串". */
function refusal(key: OptionKey, problem: OptionProblem): AppError {
  if (problem.code === 'rateLimitMap') return refuse('option.invalidRateLimitMap');
  if (problem.code === 'json' || problem.code === 'ratioMap') {
    if (!isRatioOption(key)) return refuse('option.invalidValue', { key });
    return refuse(
      problem.code === 'json' ? `option.invalidJson.${key}` : `option.invalidRatioMap.${key}`,
    );
  }
  const params: MessageParams = { key };
  if (problem.code === 'min') params.min = problem.min;
  if (problem.code === 'max' || problem.code === 'tooLong') params.max = problem.max;
  if (problem.code === 'choice') params.choices = problem.choices.join(', ');
  return refuse(PROBLEM_MESSAGES[problem.code], params);
}

export class OptionsService {
  constructor(private readonly store: OptionsStore) {}

  list(): OptionEntry[] {
    return this.store
      .entries()
      .map(([key, value]) =>
        isSecretOption(key) ? { key, value: '', secret: true, set: value !== '' } : { key, value },
      );
  }

  async update(key: string, value: string, actor: AuditActor): Promise<void> {
    if (!isOptionKey(key)) throw refuse('option.unknownKey', { key });
    const problem = optionValueProblem(key, value);
    if (problem) throw refusal(key, problem);
    const prerequisite = PREREQUISITES[key];
    if (prerequisite && value === 'true' && this.store.get(prerequisite.needs).trim() === '') {
      throw refuse(prerequisite.message);
    }
    const audit = (trx: Db, previous: string) =>
      recordAudit(trx, actor, {
        action: 'option.update',
        target_type: 'option',
        target_id: key,
        summary: { key, old: maskedOption(key, previous), new: maskedOption(key, value) },
      });
    if (!(await this.store.set(key, value, audit))) throw refuse('option.invalidValue', { key });
  }

  /** Puts the built-in model ratios back (POST /api/option/rest_model_ratio). */
  async resetModelRatio(actor: AuditActor): Promise<void> {
    await this.store.set('ModelRatio', OPTION_DEFINITIONS.ModelRatio.default, (trx) =>
      recordAudit(trx, actor, {
        action: 'option.reset_model_ratio',
        target_type: 'option',
        target_id: 'ModelRatio',
        summary: { key: 'ModelRatio' },
      }),
    );
  }
}
