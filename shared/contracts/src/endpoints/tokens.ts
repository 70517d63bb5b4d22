// The signed-in user's API tokens (spec §7 "Tokens"): each user sees and changes only their own.
import { z } from 'zod';
import type { Page, TokenView } from '../billing';
import {
  createTokenRequestSchema,
  idParamSchema,
  pageQuerySchema,
  statusOnlyQuerySchema,
  tokenSearchQuerySchema,
} from '../billing.schemas';
import { defineEndpoint, noData, typedReply } from './define';

const token = typedReply<TokenView>('One token (its key masked, but whole in a create reply)');

export const tokenEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/token/',
    summary: "One page of the caller's tokens",
    role: 'user',
    query: pageQuerySchema,
    reply: typedReply<Page<TokenView>>('One page of tokens'),
    pageBase: 0,
  }),
  search: defineEndpoint({
    method: 'GET',
    path: '/api/token/search',
    summary: "The caller's tokens matching a name keyword or a key",
    role: 'user',
    query: tokenSearchQuerySchema,
    reply: typedReply<TokenView[]>('The matching tokens'),
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/token/:id',
    summary: 'One of the caller’s tokens',
    role: 'user',
    params: idParamSchema,
    reply: token,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/token/',
    summary: 'Makes a token; the reply carries its whole key once',
    role: 'user',
    body: createTokenRequestSchema,
    reply: token,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/token/',
    summary: 'Updates a token, or with status_only=true only its status',
    role: 'user',
    query: statusOnlyQuerySchema,
    // Read by the server by the query (each shape keeps its own field errors), so not here.
    body: z.unknown().meta({ description: 'An update, or a status change with status_only' }),
    reply: token,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/token/:id',
    summary: 'Deletes a token',
    role: 'user',
    params: idParamSchema,
    reply: noData,
  }),
};
