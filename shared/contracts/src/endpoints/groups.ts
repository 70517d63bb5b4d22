// Groups: the group names admins pick from.
import { z } from 'zod';
import { defineEndpoint } from './define';

export const groupEndpoints = {
  names: defineEndpoint({
    method: 'GET',
    path: '/api/group/',
    summary: 'The group names',
    role: 'admin',
    reply: z.array(z.string()),
  }),
};
