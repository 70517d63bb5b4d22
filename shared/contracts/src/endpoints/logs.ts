// Usage logs: lists, totals and CSV exports (admin: everyone's; self: the caller's) and cleanup.
import { z } from 'zod';
import type { LogEntry, LogStat, PagedList, SelfLogEntry } from '../observability';
import {
  logCleanupQuerySchema,
  logListQuerySchema,
  logStatQuerySchema,
  selfLogListQuerySchema,
  selfLogStatQuerySchema,
} from '../observability.schemas';
import { defineEndpoint, typedReply } from './define';

const stat = typedReply<LogStat>('Consumption totals of the filtered logs');
/** Streamed as text/csv, not in the envelope. */
const csv = z.string().meta({ description: 'A text/csv download of the filtered logs' });

export const logEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/log/',
    summary: "One page of every user's logs",
    role: 'admin',
    query: logListQuerySchema,
    reply: typedReply<PagedList<LogEntry>>('One page of logs'),
    pageBase: 1,
  }),
  stat: defineEndpoint({
    method: 'GET',
    path: '/api/log/stat',
    summary: "Totals of every user's filtered logs",
    role: 'admin',
    query: logStatQuerySchema,
    reply: stat,
  }),
  self: defineEndpoint({
    method: 'GET',
    path: '/api/log/self',
    summary: "One page of the caller's logs",
    role: 'user',
    query: selfLogListQuerySchema,
    reply: typedReply<PagedList<SelfLogEntry>>("One page of the caller's logs"),
    pageBase: 1,
  }),
  selfStat: defineEndpoint({
    method: 'GET',
    path: '/api/log/self/stat',
    summary: "Totals of the caller's filtered logs",
    role: 'user',
    query: selfLogStatQuerySchema,
    reply: stat,
  }),
  export: defineEndpoint({
    method: 'GET',
    path: '/api/log/export',
    summary: "Every user's filtered logs as CSV",
    role: 'admin',
    query: logStatQuerySchema,
    reply: csv,
    bare: true,
  }),
  selfExport: defineEndpoint({
    method: 'GET',
    path: '/api/log/self/export',
    summary: "The caller's filtered logs as CSV",
    role: 'user',
    query: selfLogStatQuerySchema,
    reply: csv,
    bare: true,
  }),
  cleanup: defineEndpoint({
    method: 'DELETE',
    path: '/api/log/',
    summary: 'Deletes the logs written before a moment; replies with how many',
    role: 'admin',
    query: logCleanupQuerySchema,
    reply: z.number(),
  }),
};
