// Mailed codes: a registration or email-binding code (behind Turnstile when it is on).
import { emailQuerySchema } from '../account';
import { defineEndpoint, noData } from './define';

export const verificationEndpoints = {
  sendCode: defineEndpoint({
    method: 'GET',
    path: '/api/verification',
    summary: 'Mails a verification code to an address',
    role: 'guest',
    query: emailQuerySchema,
    reply: noData,
  }),
};
