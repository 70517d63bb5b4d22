// Options (super admin): the list, one update, and the model ratio reset.

import { z } from 'zod';
import { optionEntrySchema, updateOptionRequestSchema } from '../option-api';
import { defineEndpoint, noData } from './define';

export const optionEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/option/',
    summary: 'Every option (secret ones carry only whether they are set)',
    role: 'root',
    reply: z.array(optionEntrySchema),
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/option/',
    summary: 'Sets one option',
    role: 'root',
    body: updateOptionRequestSchema,
    reply: noData,
  }),
  resetModelRatio: defineEndpoint({
    method: 'POST',
    path: '/api/option/rest_model_ratio',
    summary: 'Puts the model ratios back to their defaults',
    role: 'root',
    reply: noData,
  }),
};
