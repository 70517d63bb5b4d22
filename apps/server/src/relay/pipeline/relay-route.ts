// The route of one attempt on a channel (the caller's dialect spoken natively, or the channel's
// adapter) and the context the adapter is handed: the canonical body with the channel's model.
import { channelTypeById } from '@switchyard/contracts';
import type { SharedCredentials } from '../adapters/credential-cache';
import { adapterFor } from '../adapters/registry';
import type { AdapterContext } from '../adapters/types';
import type { Dialect, DialectRequest } from '../dialects/types';
import type { CandidateRow } from '../relay.repository';
import type { Route } from './relay-attempt';
import { withMultipartModel } from './relay-request';
import { mapModel } from './relay-routing';

export const channelTypeName = (channel: CandidateRow): string =>
  channelTypeById(channel.type)?.key ?? `channel type ${channel.type}`;

/** Native when the channel speaks the caller's dialect, else the channel's adapter. */
export function routeFor(
  dialect: Dialect,
  channel: CandidateRow,
  parsed: DialectRequest,
): Route | null {
  if (!parsed.noNative && dialect.native?.accepts(channel)) {
    return { kind: 'native', native: dialect.native };
  }
  const adapter = adapterFor(channel.type);
  return adapter?.supports(parsed.mode) ? { kind: 'adapter', adapter } : null;
}

export function attemptContext(
  channel: CandidateRow,
  parsed: DialectRequest,
  credentials: SharedCredentials | undefined,
): AdapterContext<CandidateRow> {
  const model = mapModel(channel, parsed.model);
  const { stream, includeUsage, clientHeaders } = parsed;
  const translated = parsed.translated === true;
  // Written out per mode (the body's type follows it) so the context is one object.
  const ctx: AdapterContext<CandidateRow> =
    parsed.mode === 'chat'
      ? {
          mode: 'chat',
          body: { ...parsed.body, model },
          channel,
          model,
          stream,
          includeUsage,
          clientHeaders,
          translated,
          credentials,
        }
      : {
          mode: parsed.mode,
          body: { ...parsed.body, model },
          channel,
          model,
          stream,
          includeUsage,
          clientHeaders,
          translated,
          credentials,
        };
  if (parsed.multipart) {
    ctx.multipart = {
      data: withMultipartModel(parsed.multipart.data, model),
      contentType: parsed.multipart.contentType,
    };
  }
  return ctx;
}
