// Redemption codes, the admin side (spec §7 "Redemption").
import { z } from 'zod';
import type { Page, RedemptionView } from '../billing';
import {
  createRedemptionRequestSchema,
  idParamSchema,
  pageQuerySchema,
  redemptionSearchQuerySchema,
  statusOnlyQuerySchema,
} from '../billing.schemas';
import { defineEndpoint, noData, typedReply } from './define';

const code = typedReply<RedemptionView>('One redemption code (its key masked)');

export const redemptionEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/redemption/',
    summary: 'One page of redemption codes',
    role: 'admin',
    query: pageQuerySchema,
    reply: typedReply<Page<RedemptionView>>('One page of codes'),
    pageBase: 0,
  }),
  search: defineEndpoint({
    method: 'GET',
    path: '/api/redemption/search',
    summary: 'Codes whose name or id matches a keyword',
    role: 'admin',
    query: redemptionSearchQuerySchema,
    reply: typedReply<RedemptionView[]>('The matching codes'),
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/redemption/:id',
    summary: 'One code',
    role: 'admin',
    params: idParamSchema,
    reply: code,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/redemption/',
    summary: 'Creates codes; replies with their keys',
    role: 'admin',
    body: createRedemptionRequestSchema,
    reply: z.array(z.string()),
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/redemption/',
    summary: 'Updates a code, or with status_only=true only its status',
    role: 'admin',
    query: statusOnlyQuerySchema,
    // Read by the server by the query (each shape keeps its own field errors), so not here.
    body: z.unknown().meta({ description: 'An update, or a status change with status_only' }),
    reply: code,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/redemption/:id',
    summary: 'Deletes a code',
    role: 'admin',
    params: idParamSchema,
    reply: noData,
  }),
};
