// Admin routes of the channel test: GET /api/channel/test/:id?model= tests one channel and
// answers when it is done; GET /api/channel/test starts testing every channel and answers at once.
import { Role } from '@switchyard/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { languageOf, translate } from '../../i18n';
import { ok } from '../../lib/envelope';
import { parseInput } from '../../lib/validation';
import { identityOf } from '../../plugins/auth';
import type { ChannelTester, ChannelTestResult } from './channel-test';

const testParams = z.object({ id: z.coerce.number().int().positive() });
const testQuery = z.object({ model: z.string().trim().max(255).optional() });

export function registerChannelTestRoutes(app: FastifyInstance, tester: ChannelTester): void {
  app.get('/api/channel/test/:id', { config: { access: Role.admin } }, async (request) => {
    const { id } = parseInput(testParams, request.params);
    const { model } = parseInput(testQuery, request.query);
    const caller = identityOf(request);
    const result = await tester.testById(id, model || undefined, caller.userId, caller.username);
    return {
      success: result.success,
      message: result.success ? '' : failureMessage(languageOf(request), result),
      time: result.timeMs / 1000,
    };
  });

  app.get('/api/channel/test', { config: { access: Role.admin } }, async (request) => {
    const caller = identityOf(request);
    const language = languageOf(request);
    const run = tester.startTestAll(caller.userId, caller.username);
    if (!run.started) return { success: false, message: translate(language, 'relay.testRunning') };
    run.done.catch((error: unknown) =>
      request.log.error({ err: error }, 'testing all channels failed'),
    );
    return ok(undefined, translate(language, 'relay.testStarted'));
  });
}

function failureMessage(
  language: Parameters<typeof translate>[0],
  result: ChannelTestResult,
): string {
  switch (result.failure) {
    case 'notFound':
      return translate(language, 'relay.channelNotFound');
    case 'unsupported':
      return translate(language, 'relay.testUnsupported');
    case 'noUsage':
      return translate(language, 'relay.testFailed', {
        reason: translate(language, 'relay.testNoUsage'),
      });
    case 'unreadable':
      return translate(language, 'relay.testFailed', {
        reason: translate(language, 'relay.testUnreadable'),
      });
    default:
      return translate(language, 'relay.testFailed', { reason: result.detail ?? '' });
  }
}
