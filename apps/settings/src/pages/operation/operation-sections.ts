// The operation tab's sections (issue 8, "Operation").
import { field, section } from '../../options/option-fields';

export const OPERATION_SECTIONS = {
  general: section('general', [
    'QuotaPerUnit',
    'RetryTimes',
    'TopUpLink',
    'ChatLink',
    'ChatLink2',
    'DisplayInCurrencyEnabled',
    'DisplayTokenStatEnabled',
    'DefaultCollapseSidebar',
  ]),
  drawing: section('drawing', [
    'DrawingEnabled',
    'TaskEnabled',
    'MjNotifyEnabled',
    'MjAccountFilterEnabled',
    'MjForwardUrlEnabled',
    'MjModeClearEnabled',
  ]),
  sensitive: section('sensitive', [
    'CheckSensitiveEnabled',
    'CheckSensitiveOnPromptEnabled',
    field('SensitiveWords', { kind: 'textarea' }),
  ]),
  logging: section('logging', ['LogConsumeEnabled', 'ResponsesRetentionDays']),
  dashboard: section('dashboard', [
    'DataExportEnabled',
    'DataExportInterval',
    'DataExportDefaultTime',
  ]),
  monitoring: section('monitoring', [
    'ChannelDisableThreshold',
    'QuotaRemindThreshold',
    'AutomaticDisableChannelEnabled',
    'AutomaticEnableChannelEnabled',
    'RelayConnectTimeout',
    'RelayFirstByteTimeout',
    'RelayStreamIdleTimeout',
    'ChannelAffinityMinutes',
  ]),
  quota: section('quota', [
    'QuotaForNewUser',
    'PreConsumedQuota',
    'QuotaForInviter',
    'QuotaForInvitee',
    'AffiliateRebatePercent',
    'DefaultPlanId',
  ]),
  pricing: section('pricing', [
    'ModelPrice',
    'ModelRatio',
    'CompletionRatio',
    'CacheRatio',
    'CacheCreationRatio',
    'CacheCreation1hRatio',
    'GroupRatio',
  ]),
  limits: section('limits', ['GroupRateLimits', 'QuotaWindowTimezone', 'StatusPageEnabled']),
};
