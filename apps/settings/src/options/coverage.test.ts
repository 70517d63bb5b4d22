import { OPTION_KEYS } from '@switchyard/contracts/options';
import { OPERATION_SECTIONS } from '../pages/operation/operation-sections';
import { OTHER_SECTIONS } from '../pages/other/other-settings';
import { SYSTEM_SECTIONS } from '../pages/system/system-sections';

describe('the three settings tabs', () => {
  it('offer every option exactly once', () => {
    const sections = [
      ...Object.values(OPERATION_SECTIONS),
      ...Object.values(SYSTEM_SECTIONS),
      ...OTHER_SECTIONS,
    ];
    const keys = sections.flatMap((section) => section.fields.map((field) => field.key));
    expect([...keys].sort()).toEqual([...OPTION_KEYS].sort());
  });

  it('edit secrets write-only and JSON options in a JSON editor', () => {
    const fields = [
      ...Object.values(OPERATION_SECTIONS),
      ...Object.values(SYSTEM_SECTIONS),
    ].flatMap((section) => section.fields);
    const kindOf = (key: string) => fields.find((field) => field.key === key)?.kind;
    for (const key of [
      'SMTPToken',
      'GitHubClientSecret',
      'EpayKey',
      'TurnstileSecretKey',
      'StripeSecretKey',
      'StripeWebhookSecret',
    ]) {
      expect(kindOf(key), key).toBe('secret');
    }
    for (const key of [
      'ModelPrice',
      'ModelRatio',
      'CompletionRatio',
      'CacheRatio',
      'CacheCreationRatio',
      'CacheCreation1hRatio',
      'GroupRatio',
      'TopupGroupRatio',
      'GroupRateLimits',
    ]) {
      expect(kindOf(key), key).toBe('json');
    }
  });
});
