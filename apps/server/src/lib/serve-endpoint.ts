// Registers a route from its contracts table entry: method, path, access rule, input validation
// and reply type come from the table, so a route cannot drift from what the console calls.
import type { ApiEnvelope } from '@switchyard/contracts';
import {
  type BesideData,
  type Endpoint,
  type ParsedInput,
  type ReplyData,
  ROLE_VALUE,
} from '@switchyard/contracts/endpoints';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { RouteAccess } from '../plugins/auth';
import { parseInput } from './validation';

export interface EndpointInput<E extends Endpoint> {
  params: ParsedInput<E['params']>;
  query: ParsedInput<E['query']>;
  body: ParsedInput<E['body']>;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** The JSON body a handler returns, or the reply it already sent (e.g. a 503 with its own body). */
export type EndpointResult<E extends Endpoint> =
  | (ApiEnvelope<ReplyData<E>> &
      (BesideData<E> extends undefined ? object : Partial<NonNullable<BesideData<E>>>))
  | FastifyReply;

export type EndpointHandler<E extends Endpoint> = (
  input: EndpointInput<E>,
) => Promise<EndpointResult<E>>;

export const accessOf = (endpoint: Endpoint): RouteAccess =>
  endpoint.role === 'guest' ? 'public' : ROLE_VALUE[endpoint.role];

const parsed = (schema: z.ZodType | undefined, value: unknown): unknown =>
  schema === undefined ? undefined : parseInput(schema, value);

export interface ServeOptions {
  /** Sign-in style: also counted by the stricter critical rate limit. */
  critical?: boolean;
  /** A GET that changes state (a binding): checked against cross-site calls like a POST. */
  changesState?: boolean;
}

export function serveEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E>,
  options: ServeOptions = {},
): void {
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    config: {
      access: accessOf(endpoint),
      critical: options.critical,
      changesState: options.changesState,
      sessionOnly: endpoint.sessionOnly,
      endpoint,
    },
    handler: async (request, reply) =>
      handler({
        params: parsed(endpoint.params, request.params),
        query: parsed(endpoint.query, request.query),
        body: parsed(endpoint.body, request.body),
        request,
        reply,
      } as EndpointInput<E>),
  });
}
