// The matrix scenarios through `@anthropic-ai/sdk` (Messages) and `@google/genai` (Gemini).
import Anthropic from '@anthropic-ai/sdk';
import { type GenerateContentResponse, GoogleGenAI } from '@google/genai';
import {
  type Driver,
  type Outcome,
  REPORT_SCHEMA,
  WEATHER_DESCRIPTION,
  WEATHER_PARAMETERS,
} from './matrix-scenarios';

export const anthropicClient = (url: string, key: string) =>
  new Anthropic({ apiKey: `sk-${key}`, baseURL: url, maxRetries: 0, timeout: 10_000 });

function messageOutcome(reply: Anthropic.Message): Outcome {
  const text = reply.content.map((block) => (block.type === 'text' ? block.text : '')).join('');
  const call = reply.content.find((block) => block.type === 'tool_use');
  const usage = reply.usage;
  return {
    text,
    finish: reply.stop_reason ?? '',
    ...(call?.type === 'tool_use'
      ? { toolCall: { id: call.id, name: call.name, args: call.input } }
      : {}),
    usage: {
      // Anthropic counts input without the cache; the total is all three.
      prompt:
        usage.input_tokens +
        (usage.cache_read_input_tokens ?? 0) +
        (usage.cache_creation_input_tokens ?? 0),
      completion: usage.output_tokens,
      cached: usage.cache_read_input_tokens ?? 0,
    },
  };
}

const weatherTool = {
  name: 'get_weather',
  description: WEATHER_DESCRIPTION,
  input_schema: WEATHER_PARAMETERS as Anthropic.Tool.InputSchema,
};

export function messagesDriver(url: string, key: string): Driver {
  const client = anthropicClient(url, key);
  const base = { max_tokens: 256 };
  const user = (content: string) => [{ role: 'user' as const, content }];
  return {
    text: async (model, prompt) =>
      messageOutcome(await client.messages.create({ ...base, model, messages: user(prompt) })),
    stream: async (model, prompt) => {
      const stream = client.messages.stream({ ...base, model, messages: user(prompt) });
      let text = '';
      stream.on('text', (delta) => {
        text += delta;
      });
      const final = await stream.finalMessage();
      return { ...messageOutcome(final), text };
    },
    async tools(model, prompt, result) {
      const first = await client.messages.create({
        ...base,
        model,
        messages: user(prompt),
        tools: [weatherTool],
      });
      const call = messageOutcome(first);
      const answer = await client.messages.create({
        ...base,
        model,
        tools: [weatherTool],
        messages: [
          ...user(prompt),
          { role: 'assistant', content: first.content },
          {
            role: 'user',
            content: [
              { type: 'tool_result', tool_use_id: call.toolCall?.id ?? '', content: result },
            ],
          },
        ],
      });
      return { call, answer: messageOutcome(answer) };
    },
    image: async (model, prompt, png) =>
      messageOutcome(
        await client.messages.create({
          ...base,
          model,
          messages: [
            {
              role: 'user',
              content: [
                { type: 'image', source: { type: 'base64', media_type: 'image/png', data: png } },
                { type: 'text', text: prompt },
              ],
            },
          ],
        }),
      ),
    // Anthropic's documented way to get JSON: one tool, forced.
    structured: async (model, prompt) =>
      messageOutcome(
        await client.messages.create({
          ...base,
          model,
          messages: user(prompt),
          tools: [
            {
              name: 'record_weather',
              description: 'Record a weather report',
              input_schema: REPORT_SCHEMA as Anthropic.Tool.InputSchema,
            },
          ],
          tool_choice: { type: 'tool', name: 'record_weather' },
        }),
      ),
  };
}

export const geminiClient = (url: string, key: string) =>
  new GoogleGenAI({ apiKey: `sk-${key}`, httpOptions: { baseUrl: url, timeout: 10_000 } });

function geminiOutcome(reply: GenerateContentResponse, text = reply.text ?? ''): Outcome {
  const call = reply.functionCalls?.[0];
  const usage = reply.usageMetadata;
  return {
    text,
    finish: reply.candidates?.[0]?.finishReason ?? '',
    ...(call
      ? { toolCall: { id: call.id ?? call.name ?? '', name: call.name ?? '', args: call.args } }
      : {}),
    usage: {
      prompt: usage?.promptTokenCount ?? -1,
      // Gemini reports thinking beside the answer; both are output.
      completion: (usage?.candidatesTokenCount ?? 0) + (usage?.thoughtsTokenCount ?? 0),
      cached: usage?.cachedContentTokenCount ?? 0,
    },
  };
}

const geminiTools = [
  {
    functionDeclarations: [
      {
        name: 'get_weather',
        description: WEATHER_DESCRIPTION,
        parametersJsonSchema: WEATHER_PARAMETERS,
      },
    ],
  },
];

export function geminiDriver(url: string, key: string): Driver {
  const ai = geminiClient(url, key);
  return {
    text: async (model, prompt) =>
      geminiOutcome(await ai.models.generateContent({ model, contents: prompt })),
    async stream(model, prompt) {
      let text = '';
      let last: GenerateContentResponse | undefined;
      for await (const chunk of await ai.models.generateContentStream({
        model,
        contents: prompt,
      })) {
        text += chunk.text ?? '';
        last = chunk;
      }
      if (!last) throw new Error('empty stream');
      return geminiOutcome(last, text);
    },
    async tools(model, prompt, result) {
      const first = await ai.models.generateContent({
        model,
        contents: prompt,
        config: { tools: geminiTools },
      });
      const call = geminiOutcome(first);
      const answer = await ai.models.generateContent({
        model,
        config: { tools: geminiTools },
        contents: [
          { role: 'user', parts: [{ text: prompt }] },
          { role: 'model', parts: first.candidates?.[0]?.content?.parts ?? [] },
          {
            role: 'user',
            parts: [
              {
                functionResponse: {
                  ...(first.functionCalls?.[0]?.id ? { id: first.functionCalls[0].id } : {}),
                  name: call.toolCall?.name ?? '',
                  response: { result },
                },
              },
            ],
          },
        ],
      });
      return { call, answer: geminiOutcome(answer) };
    },
    image: async (model, prompt, png) =>
      geminiOutcome(
        await ai.models.generateContent({
          model,
          contents: [
            {
              role: 'user',
              parts: [{ text: prompt }, { inlineData: { mimeType: 'image/png', data: png } }],
            },
          ],
        }),
      ),
    structured: async (model, prompt) =>
      geminiOutcome(
        await ai.models.generateContent({
          model,
          contents: prompt,
          config: { responseMimeType: 'application/json', responseJsonSchema: REPORT_SCHEMA },
        }),
      ),
  };
}
