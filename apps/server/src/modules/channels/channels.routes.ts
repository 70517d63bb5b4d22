// Channel administration endpoints (spec §7 "Channels"), admin only, from the channels table.
// The channel test routes are in channel-test.routes.ts.
import { CHANNEL_TYPES, modelsByChannelType } from '@switchyard/contracts';
import { channelEndpoints as endpoints } from '@switchyard/contracts/endpoints';
import { DEFAULT_MODEL_PRICE, DEFAULT_MODEL_RATIO } from '@switchyard/contracts/pricing';
import type { FastifyInstance } from 'fastify';
import { languageOf, translate } from '../../i18n';
import { ok } from '../../lib/envelope';
import { serveEndpoint } from '../../lib/serve-endpoint';
import { auditActorOf } from '../audit/audit.writer';
import type { ChannelUpstreamService } from './channel-upstream.service';
import type { ChannelsService } from './channels.service';

/** Every model name the gateway knows of (registry and pricing tables), sorted. */
function builtInModels(): string[] {
  const names = new Set<string>(Object.keys(DEFAULT_MODEL_RATIO));
  for (const name of Object.keys(DEFAULT_MODEL_PRICE)) names.add(name);
  for (const type of CHANNEL_TYPES) for (const model of type.defaultModels) names.add(model);
  return [...names].sort();
}

export function registerChannelRoutes(
  app: FastifyInstance,
  channels: ChannelsService,
  upstream: ChannelUpstreamService,
): void {
  serveEndpoint(app, endpoints.list, async ({ query }) => ok(await channels.page(query)));

  serveEndpoint(app, endpoints.search, async ({ query }) => {
    const { keyword, group, model, ...page } = query;
    return ok(await channels.page(page, { keyword, group, model }));
  });

  serveEndpoint(app, endpoints.builtInModels, async () =>
    ok(
      builtInModels().map((id) => ({
        id,
        object: 'model' as const,
        created: 1626777600,
        owned_by: 'switchyard',
        root: id,
        parent: null,
      })),
    ),
  );

  serveEndpoint(app, endpoints.modelsByType, async () => ok(modelsByChannelType()));

  serveEndpoint(app, endpoints.removeDisabled, async ({ request }) =>
    ok(await channels.removeDisabled(auditActorOf(request))),
  );

  serveEndpoint(app, endpoints.removeBatch, async ({ body, request }) =>
    ok(await channels.removeBatch(body.ids, auditActorOf(request))),
  );

  serveEndpoint(app, endpoints.fixAbilities, async ({ request }) =>
    ok(await channels.fixAbilities(auditActorOf(request))),
  );

  serveEndpoint(app, endpoints.updateAllBalances, async ({ request }) =>
    ok(await upstream.updateAllBalances(languageOf(request))),
  );

  serveEndpoint(app, endpoints.updateBalance, async ({ params }) =>
    ok(await upstream.updateBalance(params.id)),
  );

  serveEndpoint(app, endpoints.fetchModels, async ({ params }) =>
    ok(await upstream.fetchModels(params.id)),
  );

  serveEndpoint(app, endpoints.fetchModelsFor, async ({ body }) =>
    ok(await upstream.fetchModelsFor(body)),
  );

  serveEndpoint(app, endpoints.copy, async ({ params, request }) =>
    ok({ id: await channels.copy(params.id, languageOf(request), auditActorOf(request)) }),
  );

  serveEndpoint(app, endpoints.get, async ({ params }) => ok(await channels.get(params.id)));

  serveEndpoint(app, endpoints.create, async ({ body, request }) => {
    const ids = await channels.create(body, auditActorOf(request));
    return ok({ ids }, translate(languageOf(request), 'channel.created'));
  });

  serveEndpoint(app, endpoints.update, async ({ body, request }) => {
    const channel = await channels.update(body, auditActorOf(request));
    return ok(channel, translate(languageOf(request), 'channel.updated'));
  });

  serveEndpoint(app, endpoints.remove, async ({ params, request }) => {
    await channels.remove(params.id, auditActorOf(request));
    return ok();
  });
}
