// Canonical (OpenAI chat) request → Gemini generateContent: system instruction apart, the
// assistant as `model`, tool calls and results as functionCall / functionResponse parts (with
// the thought signature a call's id carries), structured output as responseJsonSchema,
// reasoning as a thinking budget.
import { argumentsObject, contentString, parseDataUrl, stopSequences } from '../../canonical/build';
import { thinkingBudgetOf } from '../../canonical/reasoning';
import { geminiSignatureOf } from '../../canonical/signed-thinking';
import type { ChatRequest, ContentPart, Message, ToolChoice } from '../../canonical/types';
import { unsupportedParameter } from '../../canonical/unsupported';
import type {
  GeminiContent,
  GeminiGenerationConfig,
  GeminiPart,
  GeminiRequest,
} from '../../wire/gemini/wire';
import { signatureOfCallId } from './signature';

const TARGET = 'Gemini';

function partOf(part: ContentPart): GeminiPart {
  if (part.type === 'text') return { text: part.text };
  const inline = parseDataUrl(part.image_url.url);
  if (inline) return { inlineData: { mimeType: inline.mediaType, data: inline.data } };
  return { fileData: { mimeType: mimeOfUrl(part.image_url.url), fileUri: part.image_url.url } };
}

/** Gemini wants a media type with a file URI; guessed from the extension, JPEG otherwise. */
function mimeOfUrl(url: string): string {
  const extension = /\.(png|gif|webp|jpe?g|heic|heif)(?:$|[?#])/i.exec(url)?.[1]?.toLowerCase();
  if (!extension || extension.startsWith('jp')) return 'image/jpeg';
  return `image/${extension}`;
}

const partsOf = (content: string | ContentPart[] | null): GeminiPart[] =>
  typeof content === 'string' ? (content ? [{ text: content }] : []) : (content ?? []).map(partOf);

/** A tool result as the object Gemini's functionResponse.response must be. */
function responseObject(content: string | ContentPart[]): Record<string, unknown> {
  const text = contentString(content);
  try {
    const value = JSON.parse(text) as unknown;
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      return value as Record<string, unknown>;
    }
  } catch {
    // Plain text results are wrapped below.
  }
  return { content: text };
}

function contentsOf(messages: Message[]): GeminiContent[] {
  const out: GeminiContent[] = [];
  const names = new Map<string, string>();
  const push = (role: 'user' | 'model', parts: GeminiPart[]) => {
    const last = out.at(-1);
    if (last && last.role === role) last.parts.push(...parts);
    else out.push({ role, parts });
  };
  for (const message of messages) {
    if (message.role === 'system' || message.role === 'developer') continue;
    if (message.role === 'assistant') {
      const parts = partsOf(message.content);
      // A text part's signature goes back on the turn's first text (Gemini checks only those of
      // function calls, and recommends returning the others).
      const signature = message.thinking_blocks?.map(geminiSignatureOf).find(Boolean);
      const text = parts.find((part) => typeof part.text === 'string');
      if (signature && text) text.thoughtSignature = signature;
      for (const call of message.tool_calls ?? []) {
        names.set(call.id, call.function.name);
        // The signature Gemini gave the call goes back on its part, as Gemini 3 requires.
        const signature = signatureOfCallId(call.id);
        parts.push({
          functionCall: {
            name: call.function.name,
            args: argumentsObject(call.function.arguments),
          },
          ...(signature ? { thoughtSignature: signature } : {}),
        });
      }
      push('model', parts);
    } else if (message.role === 'tool') {
      const name = names.get(message.tool_call_id) ?? message.tool_call_id;
      push('user', [{ functionResponse: { name, response: responseObject(message.content) } }]);
    } else push('user', partsOf(message.content));
  }
  return out;
}

function toolConfigOf(choice: ToolChoice | undefined) {
  if (!choice) return undefined;
  if (typeof choice === 'object') {
    return {
      functionCallingConfig: { mode: 'ANY', allowedFunctionNames: [choice.function.name] },
    };
  }
  const mode = choice === 'required' ? 'ANY' : choice === 'none' ? 'NONE' : 'AUTO';
  return { functionCallingConfig: { mode } };
}

function generationConfigOf(request: ChatRequest): GeminiGenerationConfig {
  const config: GeminiGenerationConfig = {};
  if (request.temperature !== undefined) config.temperature = request.temperature;
  if (request.top_p !== undefined) config.topP = request.top_p;
  if (request.top_k !== undefined) config.topK = request.top_k;
  const max = request.max_completion_tokens ?? request.max_tokens;
  if (max !== undefined) config.maxOutputTokens = max;
  const stop = stopSequences(request.stop);
  if (stop) config.stopSequences = stop;
  if (request.n !== undefined && request.n !== 1) config.candidateCount = request.n;
  if (request.seed !== undefined) config.seed = request.seed;
  if (request.presence_penalty) config.presencePenalty = request.presence_penalty;
  if (request.frequency_penalty) config.frequencyPenalty = request.frequency_penalty;
  const format = request.response_format;
  if (format?.type === 'json_object') config.responseMimeType = 'application/json';
  if (format?.type === 'json_schema') {
    config.responseMimeType = 'application/json';
    if (format.json_schema.schema) config.responseJsonSchema = format.json_schema.schema;
  }
  const budget = thinkingBudgetOf(request);
  if (budget !== undefined) {
    config.thinkingConfig = {
      thinkingBudget: budget,
      ...(budget > 0 ? { includeThoughts: true } : {}),
    };
  }
  return config;
}

/** What the parameter policy (canonical/param-policy.ts) does not rule on and Gemini lacks. */
function refuseUncarried(request: ChatRequest): void {
  for (const name of ['audio', 'prediction'] as const) {
    if (request[name] !== undefined && request[name] !== null && request[name] !== false) {
      throw unsupportedParameter(name, TARGET);
    }
  }
}

/** The generateContent body for a canonical request. */
export function toGeminiRequest(request: ChatRequest): GeminiRequest {
  refuseUncarried(request);
  const body: GeminiRequest = { contents: contentsOf(request.messages) };
  const system = request.messages
    .filter((m) => m.role === 'system' || m.role === 'developer')
    .map((m) => contentString(m.content))
    .join('\n');
  if (system) body.systemInstruction = { parts: [{ text: system }] };
  if (request.tools?.length) {
    body.tools = [
      {
        functionDeclarations: request.tools.map((tool) => ({
          name: tool.function.name,
          ...(tool.function.description ? { description: tool.function.description } : {}),
          ...(tool.function.parameters ? { parametersJsonSchema: tool.function.parameters } : {}),
        })),
      },
    ];
  }
  if (request.safety_settings) body.safetySettings = request.safety_settings;
  const toolConfig = toolConfigOf(request.tool_choice);
  if (toolConfig) body.toolConfig = toolConfig;
  body.generationConfig = generationConfigOf(request);
  return body;
}
