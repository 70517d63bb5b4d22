// Public status and texts, the public status page's figures, and the admin health check.
import { z } from 'zod';
import { publicStatusSchema } from '../status';
import type { StatusModelsReply } from '../status-page';
import { statusModelsQuerySchema } from '../status-page.schemas';
import { defineEndpoint, noData, typedReply } from './define';

/** A text an admin writes in Settings; empty when unset. */
const text = (path: string, summary: string) =>
  defineEndpoint({ method: 'GET', path, summary, role: 'guest', reply: z.string().optional() });

export const statusEndpoints = {
  status: defineEndpoint({
    method: 'GET',
    path: '/api/status',
    summary: 'The public status object the console starts from',
    role: 'guest',
    reply: publicStatusSchema,
  }),
  notice: text('/api/notice', 'The notice shown to signed-in users'),
  about: text('/api/about', 'The About page'),
  homePageContent: text('/api/home_page_content', 'The home page content'),
  models: defineEndpoint({
    method: 'GET',
    path: '/api/status/models',
    summary: 'The status page: per-model outcomes (admins also get per-channel rows)',
    role: 'guest',
    query: statusModelsQuerySchema,
    reply: typedReply<StatusModelsReply>('Per-model (and for admins per-channel) intervals'),
  }),
  test: defineEndpoint({
    method: 'GET',
    path: '/api/status/test',
    summary: 'Checks the database (503 when it does not answer)',
    role: 'admin',
    reply: noData,
  }),
};
