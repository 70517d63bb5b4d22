// Admin routes of the channel test, from the channels table: GET /api/channel/test/:id?model=
// tests one channel and answers when it is done; GET /api/channel/test starts testing every
// channel and answers at once.
import { channelEndpoints } from '@switchyard/contracts/endpoints';
import type { FastifyInstance } from 'fastify';
import { languageOf, translate } from '../../i18n';
import { ok } from '../../lib/envelope';
import { serveEndpoint } from '../../lib/serve-endpoint';
import { identityOf } from '../../plugins/auth';
import type { ChannelTester, ChannelTestResult } from './channel-test';

export function registerChannelTestRoutes(app: FastifyInstance, tester: ChannelTester): void {
  serveEndpoint(app, channelEndpoints.test, async ({ params, query, request }) => {
    const caller = identityOf(request);
    const model = query.model || undefined;
    const result = await tester.testById(params.id, model, caller.userId, caller.username);
    return {
      success: result.success,
      message: result.success ? '' : failureMessage(languageOf(request), result),
      time: result.timeMs / 1000,
    };
  });

  serveEndpoint(app, channelEndpoints.testAll, async ({ request }) => {
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
