// The channel editor's state, its defaults, what a type switch changes, validation and the request
// built from it. Pure functions: the type registry decides hints and defaults, not the components.
import {
  type Channel,
  type CreateChannelRequest,
  channelTypeById,
  DEFAULT_CHANNEL_TYPE,
  DEFAULT_GROUP,
  isJsonStringMap,
  type ResponsesApiMode,
  splitKeys,
  splitList,
  trimBaseUrl,
  type UpdateChannelRequest,
} from '@switchyard/contracts';

export interface ChannelFormState {
  type: number;
  name: string;
  key: string;
  batch: boolean;
  base_url: string;
  other: string;
  openai_organization: string;
  groups: string[];
  models: string[];
  model_mapping: string;
  status_code_mapping: string;
  test_model: string;
  auto_ban: boolean;
  priority: number;
  weight: number;
  max_input_tokens: number;
  first_byte_timeout: number;
  /** How /v1/responses reaches the channel (types with the Responses API). */
  responses_api: ResponsesApiMode;
}

const defaultModelsOf = (type: number): string[] => [
  ...(channelTypeById(type)?.defaultModels ?? []),
];

/** A new channel (spec §9: type 1, group default, auto-ban on), with the type's defaults. */
export function initialFormState(): ChannelFormState {
  return {
    type: DEFAULT_CHANNEL_TYPE,
    name: '',
    key: '',
    batch: false,
    base_url: '',
    other: channelTypeById(DEFAULT_CHANNEL_TYPE)?.defaultOther ?? '',
    openai_organization: '',
    groups: [DEFAULT_GROUP],
    models: defaultModelsOf(DEFAULT_CHANNEL_TYPE),
    model_mapping: '',
    status_code_mapping: '',
    test_model: '',
    auto_ban: true,
    priority: 0,
    weight: 0,
    max_input_tokens: 0,
    first_byte_timeout: 0,
    responses_api: 'auto',
  };
}

/** The form of an existing channel; the key stays empty (it never reaches the browser). */
export function formStateOf(channel: Channel): ChannelFormState {
  return {
    type: channel.type,
    name: channel.name,
    key: '',
    batch: false,
    base_url: channel.base_url,
    other: channel.other,
    openai_organization: channel.openai_organization,
    groups: splitList(channel.group),
    models: splitList(channel.models),
    model_mapping: channel.model_mapping,
    status_code_mapping: channel.status_code_mapping,
    test_model: channel.test_model,
    auto_ban: channel.auto_ban === 1,
    priority: channel.priority,
    weight: channel.weight,
    max_input_tokens: channel.max_input_tokens,
    first_byte_timeout: channel.first_byte_timeout,
    responses_api: channel.responses_api,
  };
}

/**
 * Switching the type: `other` takes the new type's default when it still held the old one's;
 * a new channel's models become the new type's models when they were still the old type's.
 */
export function switchType(
  state: ChannelFormState,
  type: number,
  creating: boolean,
): ChannelFormState {
  const previousOther = channelTypeById(state.type)?.defaultOther ?? '';
  const other =
    state.other === '' || state.other === previousOther
      ? (channelTypeById(type)?.defaultOther ?? '')
      : state.other;
  const untouchedModels = state.models.join(',') === defaultModelsOf(state.type).join(',');
  const models = creating && untouchedModels ? defaultModelsOf(type) : state.models;
  return { ...state, type, other, models };
}

/** Adds comma-separated custom models; reports whether some were already there. */
export function addCustomModels(
  models: string[],
  input: string,
): { models: string[]; duplicates: boolean } {
  const next = [...models];
  let duplicates = false;
  for (const model of splitList(input)) {
    if (next.includes(model)) duplicates = true;
    else next.push(model);
  }
  return { models: next, duplicates };
}

export type FormProblem =
  | 'nameKeyRequired'
  | 'modelsRequired'
  | 'invalidModelMapping'
  | 'invalidStatusCodeMapping';

/** The first problem of spec §5 the form has, or null. */
export function validateForm(state: ChannelFormState, creating: boolean): FormProblem | null {
  const keyMissing = creating && splitKeys(state.key).length === 0;
  if (state.name.trim() === '' || keyMissing) return 'nameKeyRequired';
  if (state.models.length === 0) return 'modelsRequired';
  if (!isJsonStringMap(state.model_mapping)) return 'invalidModelMapping';
  if (!isJsonStringMap(state.status_code_mapping)) return 'invalidStatusCodeMapping';
  return null;
}

/** The request body: lists joined by commas, the base URL without its trailing slash. */
export function toCreateRequest(state: ChannelFormState): CreateChannelRequest {
  return {
    type: state.type,
    name: state.name.trim(),
    // Without batch the whole text is one key, so a pasted newline cannot split it.
    key: state.batch ? state.key : state.key.replace(/\r?\n/g, '').trim(),
    base_url: trimBaseUrl(state.base_url),
    other: state.other.trim(),
    openai_organization: state.openai_organization.trim(),
    group: state.groups.join(','),
    models: state.models.join(','),
    model_mapping: state.model_mapping.trim(),
    status_code_mapping: state.status_code_mapping.trim(),
    test_model: state.test_model.trim(),
    auto_ban: state.auto_ban ? 1 : 0,
    priority: state.priority,
    weight: state.weight,
    max_input_tokens: state.max_input_tokens,
    first_byte_timeout: state.first_byte_timeout,
    ...(channelTypeById(state.type)?.capabilities?.responsesApi
      ? { responses_api: state.responses_api }
      : {}),
  };
}

export function toUpdateRequest(id: number, state: ChannelFormState): UpdateChannelRequest {
  const { key, ...rest } = toCreateRequest({ ...state, batch: false });
  return key ? { id, key, ...rest } : { id, ...rest };
}
