// Chat-completions (and the other OpenAI endpoints') requests: the body already is canonical.
import type { FastifyRequest } from 'fastify';
import { parseMultipartBody, parseRelayBody } from '../../pipeline/relay-request';
import type { RelayMode } from '../../wire/channel';
import type { DialectRequest } from '../types';

export function parseChatRequest(request: FastifyRequest, mode: RelayMode): DialectRequest {
  return mode === 'transcriptions' || mode === 'translations'
    ? parseMultipartBody(mode, request.body, request.headers['content-type'])
    : parseRelayBody(mode, request.body);
}
