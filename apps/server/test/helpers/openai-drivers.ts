// The matrix scenarios through the official `openai` package: chat completions and Responses.
import OpenAI from 'openai';
import type {
  ResponseInputItem,
  Response as ResponsesReply,
} from 'openai/resources/responses/responses';
import {
  type Driver,
  type Outcome,
  REPORT_SCHEMA,
  WEATHER_DESCRIPTION,
  WEATHER_PARAMETERS,
} from './matrix-scenarios';

export const openAiClient = (url: string, key: string) =>
  new OpenAI({ apiKey: `sk-${key}`, baseURL: `${url}/v1`, maxRetries: 0, timeout: 10_000 });

type ChatUsage = OpenAI.Completions.CompletionUsage | null | undefined;

const chatUsage = (usage: ChatUsage): Outcome['usage'] => ({
  prompt: usage?.prompt_tokens ?? -1,
  completion: usage?.completion_tokens ?? -1,
  cached: usage?.prompt_tokens_details?.cached_tokens ?? 0,
});

function chatOutcome(reply: OpenAI.Chat.ChatCompletion): Outcome {
  const choice = reply.choices[0];
  const call = choice?.message.tool_calls?.[0];
  return {
    text: choice?.message.content ?? '',
    finish: choice?.finish_reason ?? '',
    ...(call?.type === 'function'
      ? {
          toolCall: {
            id: call.id,
            name: call.function.name,
            args: JSON.parse(call.function.arguments),
          },
        }
      : {}),
    usage: chatUsage(reply.usage),
  };
}

const weatherTool = {
  type: 'function' as const,
  function: {
    name: 'get_weather',
    description: WEATHER_DESCRIPTION,
    parameters: WEATHER_PARAMETERS,
  },
};

export function chatDriver(url: string, key: string): Driver {
  const client = openAiClient(url, key);
  const user = (content: string) => [{ role: 'user' as const, content }];
  return {
    text: async (model, prompt) =>
      chatOutcome(await client.chat.completions.create({ model, messages: user(prompt) })),
    async stream(model, prompt) {
      const stream = await client.chat.completions.create({
        model,
        messages: user(prompt),
        stream: true,
        stream_options: { include_usage: true },
      });
      let text = '';
      let finish = '';
      let usage: ChatUsage;
      for await (const chunk of stream) {
        text += chunk.choices[0]?.delta.content ?? '';
        finish = chunk.choices[0]?.finish_reason ?? finish;
        usage = chunk.usage ?? usage;
      }
      return { text, finish, usage: chatUsage(usage) };
    },
    async tools(model, prompt, result) {
      const first = await client.chat.completions.create({
        model,
        messages: user(prompt),
        tools: [weatherTool],
      });
      const call = chatOutcome(first);
      const message = first.choices[0]?.message;
      const answer = await client.chat.completions.create({
        model,
        tools: [weatherTool],
        messages: [
          ...user(prompt),
          {
            role: 'assistant',
            content: message?.content ?? null,
            tool_calls: message?.tool_calls ?? [],
          },
          { role: 'tool', tool_call_id: call.toolCall?.id ?? '', content: result },
        ],
      });
      return { call, answer: chatOutcome(answer) };
    },
    image: async (model, prompt, png) =>
      chatOutcome(
        await client.chat.completions.create({
          model,
          messages: [
            {
              role: 'user',
              content: [
                { type: 'text', text: prompt },
                { type: 'image_url', image_url: { url: `data:image/png;base64,${png}` } },
              ],
            },
          ],
        }),
      ),
    structured: async (model, prompt) =>
      chatOutcome(
        await client.chat.completions.create({
          model,
          messages: user(prompt),
          response_format: {
            type: 'json_schema',
            json_schema: { name: 'weather_report', schema: REPORT_SCHEMA, strict: true },
          },
        }),
      ),
  };
}

function responsesOutcome(reply: ResponsesReply): Outcome {
  const call = reply.output.find((item) => item.type === 'function_call');
  return {
    text: reply.output_text ?? '',
    finish: call ? 'function_call' : (reply.status ?? ''),
    ...(call?.type === 'function_call'
      ? { toolCall: { id: call.call_id, name: call.name, args: JSON.parse(call.arguments) } }
      : {}),
    usage: {
      prompt: reply.usage?.input_tokens ?? -1,
      completion: reply.usage?.output_tokens ?? -1,
      cached: reply.usage?.input_tokens_details?.cached_tokens ?? 0,
    },
  };
}

const responsesWeatherTool = {
  type: 'function' as const,
  name: 'get_weather',
  description: WEATHER_DESCRIPTION,
  parameters: WEATHER_PARAMETERS,
  strict: false,
};

export function responsesDriver(url: string, key: string): Driver {
  const client = openAiClient(url, key);
  return {
    text: async (model, prompt) =>
      responsesOutcome(await client.responses.create({ model, input: prompt, store: false })),
    async stream(model, prompt) {
      const stream = await client.responses.create({
        model,
        input: prompt,
        stream: true,
        store: false,
      });
      let text = '';
      let final: ResponsesReply | undefined;
      for await (const event of stream) {
        if (event.type === 'response.output_text.delta') text += event.delta;
        if (event.type === 'response.completed') final = event.response;
      }
      if (!final) throw new Error('no response.completed event');
      return { ...responsesOutcome(final), text };
    },
    async tools(model, prompt, result) {
      const first = await client.responses.create({
        model,
        input: prompt,
        tools: [responsesWeatherTool],
        store: false,
      });
      const call = responsesOutcome(first);
      const input: ResponseInputItem[] = [
        { role: 'user', content: prompt },
        {
          type: 'function_call',
          call_id: call.toolCall?.id ?? '',
          name: call.toolCall?.name ?? '',
          arguments: JSON.stringify(call.toolCall?.args ?? {}),
        },
        { type: 'function_call_output', call_id: call.toolCall?.id ?? '', output: result },
      ];
      const answer = await client.responses.create({
        model,
        input,
        tools: [responsesWeatherTool],
        store: false,
      });
      return { call, answer: responsesOutcome(answer) };
    },
    image: async (model, prompt, png) =>
      responsesOutcome(
        await client.responses.create({
          model,
          store: false,
          input: [
            {
              role: 'user',
              content: [
                { type: 'input_text', text: prompt },
                { type: 'input_image', image_url: `data:image/png;base64,${png}`, detail: 'auto' },
              ],
            },
          ],
        }),
      ),
    structured: async (model, prompt) =>
      responsesOutcome(
        await client.responses.create({
          model,
          input: prompt,
          store: false,
          text: {
            format: {
              type: 'json_schema',
              name: 'weather_report',
              schema: REPORT_SCHEMA,
              strict: true,
            },
          },
        }),
      ),
  };
}
