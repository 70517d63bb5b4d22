// A relay body its parser refused (too large, malformed, too deep, of a type the route does not
// read), as a RelayError the route's dialect renders instead of the generic OpenAI shape.
import type { MessageKey, MessageParams } from '../../i18n';
import { MAX_JSON_DEPTH } from '../../plugins/json-body';
import { RelayError } from '../relay-errors';

const REFUSALS: Record<string, [number, MessageKey, string, MessageParams?]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'request.bodyTooLarge', 'request_too_large'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'request.malformedJson', 'invalid_json'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'request.emptyBody', 'invalid_request'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'request.unsupportedMediaType', 'unsupported_media_type'],
  FST_ERR_CTP_INVALID_TYPE: [415, 'request.unsupportedMediaType', 'unsupported_media_type'],
  SY_JSON_TOO_DEEP: [400, 'request.jsonTooDeep', 'json_too_deep', { max: MAX_JSON_DEPTH }],
};

export function bodyRefusal(error: unknown): RelayError | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  const refusal = typeof code === 'string' ? REFUSALS[code] : undefined;
  return refusal && new RelayError(...refusal);
}
