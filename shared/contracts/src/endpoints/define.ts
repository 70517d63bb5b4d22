// An endpoint declared once: the server registers it from this, the console calls it from this,
// and GET /api/openapi.json describes it from this. No React, no Node: data and zod schemas only.
import { z } from 'zod';
import { Role, type RoleValue } from '../domain';

export type EndpointRole = 'guest' | 'user' | 'admin' | 'root';
export type EndpointMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The lowest role value allowed for an endpoint role ('guest' needs no sign-in). */
export const ROLE_VALUE: Record<EndpointRole, RoleValue> = {
  guest: Role.guest,
  user: Role.common,
  admin: Role.admin,
  root: Role.root,
};

type Schema = z.ZodType;

export interface Endpoint<
  P extends Schema | undefined = Schema | undefined,
  Q extends Schema | undefined = Schema | undefined,
  B extends Schema | undefined = Schema | undefined,
  R extends Schema = Schema,
  X extends z.ZodObject | undefined = z.ZodObject | undefined,
> {
  method: EndpointMethod;
  /** Fastify-style path: `/api/token/:id`. */
  path: string;
  /** One line for the API reference. */
  summary: string;
  role: EndpointRole;
  params?: P;
  query?: Q;
  body?: B;
  /** The envelope's `data`; with `bare`, the whole body. */
  reply: R;
  /** The body is the reply itself, not the {success, message, data} envelope (documents). */
  bare?: boolean;
  /** The reply is a 302 redirect (a top-level navigation: an OAuth provider, a settings page). */
  redirect?: boolean;
  /** Needs a signed-in session cookie: an access token (which skips the second factor) is refused. */
  sessionOnly?: boolean;
  /** Fields the envelope carries beside `data` (the reference's clients read some there). */
  beside?: X;
  /** Lists only: the number of the first page (`p`) this endpoint counts from. */
  pageBase?: 0 | 1;
}

/** Keeps the schemas' types so the server handler and the console call are typed from them. */
export function defineEndpoint<
  P extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  B extends Schema | undefined = undefined,
  R extends Schema = Schema,
  X extends z.ZodObject | undefined = undefined,
>(endpoint: Endpoint<P, Q, B, R, X>): Endpoint<P, Q, B, R, X> {
  return endpoint;
}

/**
 * A reply whose shape is a contracts interface without a zod schema yet: typed for callers,
 * described as "any JSON" in the reference and not checked in development.
 */
export const typedReply = <T>(description: string): z.ZodType<T> =>
  z.unknown().meta({ description }) as z.ZodType<T>;

/** The envelope's `data` is absent (a bare `{success, message}`). */
export const noData = z.undefined().optional();

/** What a handler receives for a declared schema (the optional `?:` stripped), else undefined. */
export type ParsedInput<S> = [NonNullable<S>] extends [never]
  ? undefined
  : NonNullable<S> extends Schema
    ? z.output<NonNullable<S>>
    : undefined;
/** What a caller sends for a declared schema, else undefined. */
export type RequestInput<S> = [NonNullable<S>] extends [never]
  ? undefined
  : NonNullable<S> extends Schema
    ? z.input<NonNullable<S>>
    : undefined;
export type ReplyData<E extends Endpoint> = z.output<E['reply']>;
export type BesideData<E extends Endpoint> = ParsedInput<E['beside']>;
