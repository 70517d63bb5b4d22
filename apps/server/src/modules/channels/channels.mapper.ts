// Maps channel rows to what the console sees: every column but the key.
import { type Channel, responsesApiModeOf } from '@switchyard/contracts';
import type { ChannelRow } from './channels.repository';

export function toChannel(row: ChannelRow): Channel {
  return {
    id: Number(row.id),
    name: row.name,
    type: Number(row.type),
    status: Number(row.status),
    openai_organization: row.openai_organization ?? '',
    test_model: row.test_model ?? '',
    base_url: row.base_url ?? '',
    other: row.other ?? '',
    models: row.models,
    group: row.group,
    model_mapping: row.model_mapping ?? '',
    status_code_mapping: row.status_code_mapping ?? '',
    auto_ban: Number(row.auto_ban),
    priority: Number(row.priority),
    weight: Number(row.weight),
    max_input_tokens: Number(row.max_input_tokens),
    first_byte_timeout: Number(row.first_byte_timeout),
    balance: Number(row.balance),
    balance_updated_time: Number(row.balance_updated_time),
    balance_currency: row.balance_currency === 'CNY' ? 'CNY' : 'USD',
    used_quota: Number(row.used_quota),
    response_time: Number(row.response_time),
    test_time: Number(row.test_time),
    created_time: Number(row.created_time),
    other_info: row.other_info ?? '',
    responses_api: responsesApiModeOf(row.other_info),
  };
}
