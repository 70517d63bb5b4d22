// Gemini's API under /v1beta (and POST under /v1): models/{model}:generateContent,
// :streamGenerateContent (alt=sse), :countTokens, GET models and models/{model}.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../../db/database';
import { countCanonicalPrompt } from '../../canonical/count';
import { replySink } from '../../http/reply-sink';
import { assertModelAllowed } from '../../pipeline/admission';
import type { Ingress, RelayService } from '../../pipeline/relay.service';
import { listGroupModels } from '../../relay.repository';
import { RelayError } from '../../relay-errors';
import { geminiUrl } from '../../wire/gemini/url';
import type { GeminiRequest } from '../../wire/gemini/wire';
import { countUpstream } from '../upstream-count';
import { geminiDialect } from '.';
import { geminiNative } from './native';
import { geminiKey, geminiToCanonical, modelAction, parseGeminiRequest } from './parse';

const config = { dialect: geminiDialect };

const notFound = (what: string) =>
  new RelayError(404, 'relay.badRequest', 'not_found', {
    details: `${what} is not a Gemini method`,
  });

const modelInfo = (id: string) => ({
  name: `models/${id}`,
  baseModelId: id,
  version: '001',
  displayName: id,
  description: id,
  supportedGenerationMethods: ['generateContent', 'streamGenerateContent', 'countTokens'],
});

export function registerGeminiRoutes(scope: FastifyInstance, relay: RelayService, db: Db): void {
  const allowedModels = async (request: FastifyRequest) => {
    const caller = await relay.admit(request, geminiKey(request));
    const models = await listGroupModels(db, caller.group);
    return caller.modelLimits ? models.filter((m) => caller.modelLimits?.has(m)) : models;
  };

  for (const version of ['v1beta', 'v1']) {
    scope.post<{ Params: { target: string } }>(
      `/${version}/models/:target`,
      { config },
      async (request: FastifyRequest<{ Params: { target: string } }>, reply: FastifyReply) => {
        const { model, action } = modelAction(request.params.target);
        if (action === 'generateContent' || action === 'streamGenerateContent') {
          const stream = action === 'streamGenerateContent';
          const ingress: Ingress = {
            dialect: geminiDialect,
            key: geminiKey,
            parse: (req) => parseGeminiRequest(req, model, stream),
          };
          return relay.handle(request, replySink(reply), ingress);
        }
        if (action === 'countTokens') {
          const caller = await relay.admit(request, geminiKey(request));
          assertModelAllowed(caller, model);
          const body = (request.body ?? {}) as GeminiRequest & {
            generateContentRequest?: GeminiRequest;
          };
          const canonical = geminiToCanonical(
            body.generateContentRequest ?? { contents: body.contents ?? [] },
            model,
            () => undefined,
          );
          // A Gemini upstream counts with its own tokenizer; other families get the local count.
          const counted = await countUpstream(
            db,
            caller,
            model,
            geminiNative,
            'totalTokens',
            (channel, upstreamModel) => ({
              url: geminiUrl({ channel, model: upstreamModel }, 'countTokens'),
              headers: { 'content-type': 'application/json', 'x-goog-api-key': channel.key },
              body: JSON.stringify(
                body.generateContentRequest
                  ? {
                      ...body,
                      // The inner request names the model too: the upstream's name.
                      generateContentRequest: {
                        ...body.generateContentRequest,
                        model: `models/${upstreamModel}`,
                      },
                    }
                  : body,
              ),
            }),
          );
          return counted ?? { totalTokens: await countCanonicalPrompt(canonical) };
        }
        throw notFound(action || model);
      },
    );
    // GET /v1/models stays OpenAI's (and Anthropic's); Gemini clients list under /v1beta.
    if (version !== 'v1beta') continue;
    scope.get(`/${version}/models`, { config }, async (request) => ({
      models: (await allowedModels(request)).map(modelInfo),
    }));
    scope.get<{ Params: { target: string } }>(
      `/${version}/models/:target`,
      { config },
      async (request) => {
        const model = request.params.target.replace(/^models\//, '');
        if (!(await allowedModels(request)).includes(model)) {
          throw new RelayError(404, 'relay.modelNotFound', 'model_not_found', { model });
        }
        return modelInfo(model);
      },
    );
  }
}
