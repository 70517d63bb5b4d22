// The API reference itself.
import { z } from 'zod';
import { defineEndpoint } from './define';

export const metaEndpoints = {
  openapi: defineEndpoint({
    method: 'GET',
    path: '/api/openapi.json',
    summary: 'This reference: an OpenAPI 3.1 document of every /api endpoint',
    role: 'admin',
    bare: true,
    reply: z.record(z.string(), z.unknown()),
  }),
};
