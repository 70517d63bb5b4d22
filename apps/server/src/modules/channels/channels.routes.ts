// Channel administration endpoints (spec §7 "Channels"), admin only. The channel test routes
// belong to the relay.
import { CHANNEL_TYPES, modelsByChannelType, Role } from '@switchyard/contracts';
import { DEFAULT_MODEL_PRICE, DEFAULT_MODEL_RATIO } from '@switchyard/contracts/pricing';
import {
  batchDeleteChannelsRequestSchema,
  channelIdParamsSchema,
  channelListQuerySchema,
  channelSearchQuerySchema,
  createChannelRequestSchema,
  fetchModelsRequestSchema,
  updateChannelRequestSchema,
} from '@switchyard/contracts/schemas';
import type { FastifyInstance } from 'fastify';
import { languageOf, translate } from '../../i18n';
import { ok } from '../../lib/envelope';
import { parseInput } from '../../lib/validation';
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
  const admin = { config: { access: Role.admin } } as const;

  app.get('/api/channel/', admin, async (request) =>
    ok(await channels.page(parseInput(channelListQuerySchema, request.query))),
  );

  app.get('/api/channel/search', admin, async (request) => {
    const { keyword, group, model, ...page } = parseInput(channelSearchQuerySchema, request.query);
    return ok(await channels.page(page, { keyword, group, model }));
  });

  app.get('/api/channel/models', admin, async () =>
    ok(
      builtInModels().map((id) => ({
        id,
        object: 'model',
        created: 1626777600,
        owned_by: 'switchyard',
        root: id,
        parent: null,
      })),
    ),
  );

  app.get('/api/models', admin, async () => ok(modelsByChannelType()));

  // Registered before /:id so the literal paths win.
  app.delete('/api/channel/disabled', admin, async (request) =>
    ok(await channels.removeDisabled(auditActorOf(request))),
  );

  app.post('/api/channel/batch', admin, async (request) => {
    const { ids } = parseInput(batchDeleteChannelsRequestSchema, request.body);
    return ok(await channels.removeBatch(ids, auditActorOf(request)));
  });

  app.post('/api/channel/fix', admin, async (request) =>
    ok(await channels.fixAbilities(auditActorOf(request))),
  );

  app.get('/api/channel/update_balance', admin, async (request) =>
    ok(await upstream.updateAllBalances(languageOf(request))),
  );

  app.get('/api/channel/update_balance/:id', admin, async (request) => {
    const { id } = parseInput(channelIdParamsSchema, request.params);
    return ok(await upstream.updateBalance(id));
  });

  app.get('/api/channel/fetch_models/:id', admin, async (request) => {
    const { id } = parseInput(channelIdParamsSchema, request.params);
    return ok(await upstream.fetchModels(id));
  });

  app.post('/api/channel/fetch_models', admin, async (request) =>
    ok(await upstream.fetchModelsFor(parseInput(fetchModelsRequestSchema, request.body))),
  );

  app.post('/api/channel/copy/:id', admin, async (request) => {
    const { id } = parseInput(channelIdParamsSchema, request.params);
    return ok({ id: await channels.copy(id, languageOf(request), auditActorOf(request)) });
  });

  app.get('/api/channel/:id', admin, async (request) => {
    const { id } = parseInput(channelIdParamsSchema, request.params);
    return ok(await channels.get(id));
  });

  app.post('/api/channel/', admin, async (request) => {
    const input = parseInput(createChannelRequestSchema, request.body);
    const ids = await channels.create(input, auditActorOf(request));
    return ok({ ids }, translate(languageOf(request), 'channel.created'));
  });

  app.put('/api/channel/', admin, async (request) => {
    const input = parseInput(updateChannelRequestSchema, request.body);
    const channel = await channels.update(input, auditActorOf(request));
    return ok(channel, translate(languageOf(request), 'channel.updated'));
  });

  app.delete('/api/channel/:id', admin, async (request) => {
    const { id } = parseInput(channelIdParamsSchema, request.params);
    await channels.remove(id, auditActorOf(request));
    return ok();
  });
}
