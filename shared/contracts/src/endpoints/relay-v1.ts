// The relay's /v1 (and /v1beta) endpoints as the API reference describes them: hand-written zod
// schemas of each dialect's request envelope, documented only. The relay parses its own requests
// (relay/dialects); unknown fields pass through to the upstream, so every object here is loose.
import { z } from 'zod';

export type RelayDialect = 'openai' | 'anthropic' | 'gemini';

export interface RelayEndpoint {
  method: 'GET' | 'POST';
  /** OpenAPI's spelling: `/v1beta/models/{model}:generateContent`. */
  path: string;
  /** The server's route that serves it (Fastify's spelling). */
  route: string;
  summary: string;
  /** Whose wire format it speaks, and so which header carries the key. */
  dialect: RelayDialect;
  params?: z.ZodObject;
  body?: z.ZodType;
  /** The body is a multipart upload (audio), not JSON. */
  multipart?: boolean;
  /** With `stream` (or by its path) the reply is server-sent events. */
  streams?: boolean;
}

const loose = z.looseObject({});
const model = z.string().min(1).meta({ description: 'A model the token and its group may use' });
const stop = z.union([z.string(), z.array(z.string())]);
const sampling = {
  temperature: z.number().optional(),
  top_p: z.number().optional(),
  stream: z.boolean().optional(),
  user: z.string().optional(),
};

const openAiTool = z.looseObject({
  type: z.literal('function'),
  function: z.looseObject({
    name: z.string(),
    description: z.string().optional(),
    parameters: loose.optional().meta({ description: 'A JSON Schema of the arguments' }),
  }),
});

export const chatCompletionRequestSchema = z.looseObject({
  model,
  messages: z.array(
    z.looseObject({
      role: z.enum(['system', 'developer', 'user', 'assistant', 'tool']),
      content: z.union([z.string(), z.array(loose), z.null()]).optional(),
      name: z.string().optional(),
      tool_calls: z.array(loose).optional(),
      tool_call_id: z.string().optional(),
    }),
  ),
  ...sampling,
  stream_options: z.looseObject({ include_usage: z.boolean().optional() }).optional(),
  max_tokens: z.number().int().optional(),
  max_completion_tokens: z.number().int().optional(),
  n: z.number().int().optional(),
  stop: stop.optional(),
  presence_penalty: z.number().optional(),
  frequency_penalty: z.number().optional(),
  seed: z.number().int().optional(),
  tools: z.array(openAiTool).optional(),
  tool_choice: z.union([z.string(), loose]).optional(),
  response_format: loose.optional(),
  reasoning_effort: z.string().optional(),
});

export const completionRequestSchema = z.looseObject({
  model,
  prompt: z.union([z.string(), z.array(z.string())]),
  ...sampling,
  max_tokens: z.number().int().optional(),
  n: z.number().int().optional(),
  stop: stop.optional(),
  suffix: z.string().optional(),
  echo: z.boolean().optional(),
});

export const embeddingRequestSchema = z.looseObject({
  model,
  input: z.union([
    z.string(),
    z.array(z.string()),
    z.array(z.number()),
    z.array(z.array(z.number())),
  ]),
  encoding_format: z.enum(['float', 'base64']).optional(),
  dimensions: z.number().int().optional(),
  user: z.string().optional(),
});

export const responsesRequestSchema = z.looseObject({
  model,
  input: z.union([z.string(), z.array(loose)]),
  instructions: z.string().optional(),
  ...sampling,
  max_output_tokens: z.number().int().optional(),
  tools: z.array(loose).optional(),
  tool_choice: z.union([z.string(), loose]).optional(),
  previous_response_id: z.string().optional(),
  store: z.boolean().optional(),
  include: z.array(z.string()).optional(),
  reasoning: z
    .looseObject({ effort: z.string().optional(), summary: z.string().optional() })
    .optional(),
  text: loose.optional(),
});

const anthropicContent = z.union([z.string(), z.array(loose)]);
const anthropicFields = {
  model,
  messages: z.array(
    z.looseObject({ role: z.enum(['user', 'assistant']), content: anthropicContent }),
  ),
  system: anthropicContent.optional(),
  tools: z
    .array(
      z.looseObject({
        name: z.string(),
        description: z.string().optional(),
        input_schema: loose.optional(),
      }),
    )
    .optional(),
  tool_choice: loose.optional(),
  thinking: loose.optional(),
};

export const messagesRequestSchema = z.looseObject({
  ...anthropicFields,
  max_tokens: z.number().int().positive(),
  stream: z.boolean().optional(),
  temperature: z.number().optional(),
  top_p: z.number().optional(),
  top_k: z.number().int().optional(),
  stop_sequences: z.array(z.string()).optional(),
  metadata: loose.optional(),
});

export const countTokensRequestSchema = z.looseObject(anthropicFields);

export const geminiRequestSchema = z.looseObject({
  contents: z.array(
    z.looseObject({
      role: z.enum(['user', 'model']).optional(),
      parts: z.array(loose).meta({ description: 'text, inlineData, functionCall, …' }),
    }),
  ),
  systemInstruction: loose.optional(),
  generationConfig: z
    .looseObject({
      temperature: z.number().optional(),
      topP: z.number().optional(),
      topK: z.number().optional(),
      maxOutputTokens: z.number().int().optional(),
      stopSequences: z.array(z.string()).optional(),
      candidateCount: z.number().int().optional(),
      responseMimeType: z.string().optional(),
      thinkingConfig: loose.optional(),
    })
    .optional(),
  tools: z.array(loose).optional(),
  toolConfig: loose.optional(),
  safetySettings: z.array(loose).optional(),
});

export const imageRequestSchema = z.looseObject({
  model: model.optional(),
  prompt: z.string(),
  n: z.number().int().optional(),
  size: z.string().optional(),
  quality: z.string().optional(),
  style: z.string().optional(),
  response_format: z.enum(['url', 'b64_json']).optional(),
  user: z.string().optional(),
});

export const speechRequestSchema = z.looseObject({
  model,
  input: z.string(),
  voice: z.string(),
  response_format: z.string().optional(),
  speed: z.number().optional(),
});

export const transcriptionRequestSchema = z.looseObject({
  file: z.string().meta({ format: 'binary', description: 'The audio file (up to 25 MiB)' }),
  model,
  language: z.string().optional(),
  prompt: z.string().optional(),
  response_format: z.string().optional(),
  temperature: z.number().optional(),
});

const geminiModel = z.object({ model: z.string().meta({ description: 'e.g. gemini-2.5-flash' }) });

export const RELAY_V1_ENDPOINTS: Record<string, RelayEndpoint> = {
  chatCompletions: {
    method: 'POST',
    path: '/v1/chat/completions',
    route: '/v1/chat/completions',
    summary: 'OpenAI Chat Completions',
    dialect: 'openai',
    body: chatCompletionRequestSchema,
    streams: true,
  },
  completions: {
    method: 'POST',
    path: '/v1/completions',
    route: '/v1/completions',
    summary: 'OpenAI legacy Completions',
    dialect: 'openai',
    body: completionRequestSchema,
    streams: true,
  },
  embeddings: {
    method: 'POST',
    path: '/v1/embeddings',
    route: '/v1/embeddings',
    summary: 'OpenAI Embeddings',
    dialect: 'openai',
    body: embeddingRequestSchema,
  },
  responses: {
    method: 'POST',
    path: '/v1/responses',
    route: '/v1/responses',
    summary: 'OpenAI Responses',
    dialect: 'openai',
    body: responsesRequestSchema,
    streams: true,
  },
  messages: {
    method: 'POST',
    path: '/v1/messages',
    route: '/v1/messages',
    summary: 'Anthropic Messages',
    dialect: 'anthropic',
    body: messagesRequestSchema,
    streams: true,
  },
  countTokens: {
    method: 'POST',
    path: '/v1/messages/count_tokens',
    route: '/v1/messages/count_tokens',
    summary: 'Anthropic Messages token count',
    dialect: 'anthropic',
    body: countTokensRequestSchema,
  },
  generateContent: {
    method: 'POST',
    path: '/v1beta/models/{model}:generateContent',
    route: '/v1beta/models/:target',
    summary: 'Gemini generateContent',
    dialect: 'gemini',
    params: geminiModel,
    body: geminiRequestSchema,
  },
  streamGenerateContent: {
    method: 'POST',
    path: '/v1beta/models/{model}:streamGenerateContent',
    route: '/v1beta/models/:target',
    summary: 'Gemini streamGenerateContent (server-sent events with alt=sse)',
    dialect: 'gemini',
    params: geminiModel,
    body: geminiRequestSchema,
    streams: true,
  },
  images: {
    method: 'POST',
    path: '/v1/images/generations',
    route: '/v1/images/generations',
    summary: 'OpenAI image generation',
    dialect: 'openai',
    body: imageRequestSchema,
  },
  speech: {
    method: 'POST',
    path: '/v1/audio/speech',
    route: '/v1/audio/speech',
    summary: 'OpenAI text to speech (replies with audio bytes)',
    dialect: 'openai',
    body: speechRequestSchema,
  },
  transcriptions: {
    method: 'POST',
    path: '/v1/audio/transcriptions',
    route: '/v1/audio/transcriptions',
    summary: 'OpenAI speech to text',
    dialect: 'openai',
    body: transcriptionRequestSchema,
    multipart: true,
  },
  translations: {
    method: 'POST',
    path: '/v1/audio/translations',
    route: '/v1/audio/translations',
    summary: 'OpenAI speech to English text',
    dialect: 'openai',
    body: transcriptionRequestSchema,
    multipart: true,
  },
  models: {
    method: 'GET',
    path: '/v1/models',
    route: '/v1/models',
    summary: 'The models the token may use (Anthropic-shaped with anthropic-version)',
    dialect: 'openai',
  },
};
