// Gemini generateContent request → canonical: contents (user / model / function), thoughts,
// inline and file images, functionCall / functionResponse as tool calls and results (matched by
// id, else by name in order), function declarations, functionCallingConfig, generationConfig
// (responseSchema / responseJsonSchema, thinkingConfig). What cannot be carried is collected.
import type { FastifyRequest } from 'fastify';
import type {
  AssistantMessage,
  ChatRequest,
  ContentPart,
  FunctionTool,
  Message,
  ToolCall,
} from '../../canonical/types';
import { RelayError } from '../../relay-errors';
import type { GeminiContent, GeminiPart, GeminiRequest, GeminiTool } from '../../wire/gemini/wire';
import type { DialectRequest } from '../types';

type Miss = (name: string) => void;

const bad = (details: string) =>
  new RelayError(400, 'relay.badRequest', 'invalid_request', { details });

const KNOWN = new Set([
  'contents',
  'systemInstruction',
  'tools',
  'toolConfig',
  'generationConfig',
  'model',
  // Ruled on by the parameter policy for the target (canonical/param-policy.ts).
  'safetySettings',
]);
const KNOWN_CONFIG = new Set([
  'temperature',
  'topP',
  'topK',
  'candidateCount',
  'maxOutputTokens',
  'stopSequences',
  'seed',
  'presencePenalty',
  'frequencyPenalty',
  'responseMimeType',
  'responseSchema',
  'responseJsonSchema',
  'thinkingConfig',
  'responseModalities',
]);

/** Gemini's OpenAPI-style Schema (upper-case types) as JSON Schema. */
export function jsonSchemaOf(schema: unknown): Record<string, unknown> {
  if (!schema || typeof schema !== 'object') return {};
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema as Record<string, unknown>)) {
    if (key === 'type' && typeof value === 'string') out.type = value.toLowerCase();
    else if (key === 'properties' && value && typeof value === 'object') {
      out.properties = Object.fromEntries(
        Object.entries(value as Record<string, unknown>).map(([name, sub]) => [
          name,
          jsonSchemaOf(sub),
        ]),
      );
    } else if (key === 'items') out.items = jsonSchemaOf(value);
    else if (key === 'anyOf' && Array.isArray(value)) out.anyOf = value.map(jsonSchemaOf);
    else if (key === 'nullable') {
      if (value === true) out.nullable = true;
    } else if (key !== 'propertyOrdering') out[key] = value;
  }
  return out;
}

function partOf(part: GeminiPart, miss: Miss): ContentPart | null {
  if (typeof part.text === 'string') return { type: 'text', text: part.text };
  if (part.inlineData) {
    if (!part.inlineData.mimeType.startsWith('image/')) {
      miss(`inlineData (${part.inlineData.mimeType})`);
      return null;
    }
    return {
      type: 'image_url',
      image_url: { url: `data:${part.inlineData.mimeType};base64,${part.inlineData.data}` },
    };
  }
  if (part.fileData) {
    if (part.fileData.mimeType && !part.fileData.mimeType.startsWith('image/')) {
      miss(`fileData (${part.fileData.mimeType})`);
      return null;
    }
    return { type: 'image_url', image_url: { url: part.fileData.fileUri } };
  }
  miss(`part ${Object.keys(part).join(', ')}`);
  return null;
}

class Conversation {
  readonly messages: Message[] = [];
  /** Calls made and not answered yet, for results that name the function without an id. */
  private readonly open: ToolCall[] = [];
  private calls = 0;

  constructor(private readonly miss: Miss) {}

  add(content: GeminiContent): void {
    if (content.role === 'model') this.model(content.parts ?? []);
    else this.user(content.parts ?? []);
  }

  private model(parts: GeminiPart[]): void {
    const message: AssistantMessage = { role: 'assistant', content: null };
    let text = '';
    let reasoning = '';
    for (const part of parts) {
      if (part.functionCall) {
        const call: ToolCall = {
          id: part.functionCall.id || `call_${this.calls++}_${part.functionCall.name}`,
          type: 'function',
          function: {
            name: part.functionCall.name,
            arguments: JSON.stringify(part.functionCall.args ?? {}),
          },
        };
        message.tool_calls ??= [];
        message.tool_calls.push(call);
        this.open.push(call);
      } else if (typeof part.text === 'string') {
        if (part.thought) reasoning += part.text;
        else text += part.text;
      } else if (!part.thoughtSignature) this.miss(`part ${Object.keys(part).join(', ')}`);
    }
    message.content = text || (message.tool_calls ? null : '');
    if (reasoning) message.reasoning_content = reasoning;
    this.messages.push(message);
  }

  private user(parts: GeminiPart[]): void {
    const rest: ContentPart[] = [];
    for (const part of parts) {
      if (part.functionResponse) {
        const { id, name, response } = part.functionResponse;
        const index = this.open.findIndex((call) =>
          id ? call.id === id : call.function.name === name,
        );
        const call = index >= 0 ? this.open.splice(index, 1)[0] : undefined;
        this.messages.push({
          role: 'tool',
          tool_call_id: call?.id ?? id ?? name,
          content: JSON.stringify(response ?? {}),
        });
      } else if (!part.thought) {
        const converted = partOf(part, this.miss);
        if (converted) rest.push(converted);
      }
    }
    if (rest.length === 0) return;
    const simple = rest.length === 1 && rest[0]?.type === 'text';
    this.messages.push({
      role: 'user',
      content: simple ? (rest[0] as { text: string }).text : rest,
    });
  }
}

function toolsOf(tools: GeminiTool[], miss: Miss): FunctionTool[] {
  const out: FunctionTool[] = [];
  for (const tool of tools) {
    for (const key of Object.keys(tool)) if (key !== 'functionDeclarations') miss(`tools (${key})`);
    for (const declaration of tool.functionDeclarations ?? []) {
      const parameters =
        declaration.parametersJsonSchema ??
        (declaration.parameters ? jsonSchemaOf(declaration.parameters) : undefined);
      out.push({
        type: 'function',
        function: {
          name: declaration.name,
          ...(declaration.description ? { description: declaration.description } : {}),
          ...(parameters ? { parameters } : {}),
        },
      });
    }
  }
  return out;
}

function applyConfig(request: ChatRequest, body: GeminiRequest, miss: Miss): void {
  const config = body.generationConfig ?? {};
  for (const key of Object.keys(config))
    if (!KNOWN_CONFIG.has(key)) miss(`generationConfig.${key}`);
  if (config.temperature !== undefined) request.temperature = config.temperature;
  if (config.topP !== undefined) request.top_p = config.topP;
  if (config.topK !== undefined) request.top_k = config.topK;
  if (config.maxOutputTokens !== undefined) request.max_tokens = config.maxOutputTokens;
  if (config.stopSequences?.length) request.stop = config.stopSequences;
  if (config.candidateCount !== undefined) request.n = config.candidateCount;
  if (config.seed !== undefined) request.seed = config.seed;
  if (config.presencePenalty) request.presence_penalty = config.presencePenalty;
  if (config.frequencyPenalty) request.frequency_penalty = config.frequencyPenalty;
  const modalities = config.responseModalities as string[] | undefined;
  if (modalities?.some((m) => m.toUpperCase() !== 'TEXT'))
    miss('generationConfig.responseModalities');
  const mime = config.responseMimeType;
  const schema =
    config.responseJsonSchema ??
    (config.responseSchema ? jsonSchemaOf(config.responseSchema) : undefined);
  if (mime === 'application/json') {
    request.response_format = schema
      ? { type: 'json_schema', json_schema: { name: 'response', schema } }
      : { type: 'json_object' };
  } else if (mime && mime !== 'text/plain') miss(`generationConfig.responseMimeType (${mime})`);
  const thinking = config.thinkingConfig;
  if (thinking?.thinkingBudget !== undefined) {
    // -1 is Gemini's "dynamic": the middle effort elsewhere.
    if (thinking.thinkingBudget < 0) request.reasoning_effort = 'medium';
    else request.thinking_budget = thinking.thinkingBudget;
  } else if (thinking?.thinkingLevel) {
    request.reasoning_effort = thinking.thinkingLevel.toLowerCase() === 'low' ? 'low' : 'high';
  }
}

/** The canonical chat request of a generateContent body for `model`. */
export function geminiToCanonical(body: GeminiRequest, model: string, miss: Miss): ChatRequest {
  for (const key of Object.keys(body)) if (!KNOWN.has(key)) miss(key);
  if (!Array.isArray(body.contents)) throw bad('contents must be an array');
  const conversation = new Conversation(miss);
  const system = (body.systemInstruction?.parts ?? []).map((part) => part.text ?? '').join('\n');
  if (system) conversation.messages.push({ role: 'system', content: system });
  for (const content of body.contents) conversation.add(content);
  const request: ChatRequest = { model, messages: conversation.messages };
  const tools = toolsOf(body.tools ?? [], miss);
  if (tools.length) request.tools = tools;
  const calling = body.toolConfig?.functionCallingConfig;
  if (calling?.mode) {
    const mode = calling.mode.toUpperCase();
    const names = calling.allowedFunctionNames ?? [];
    if (mode === 'NONE') request.tool_choice = 'none';
    else if (mode === 'AUTO') request.tool_choice = 'auto';
    else if (names.length === 1 && names[0])
      request.tool_choice = { type: 'function', function: { name: names[0] } };
    else if (names.length > 1) miss('toolConfig.functionCallingConfig.allowedFunctionNames');
    else request.tool_choice = 'required';
  }
  applyConfig(request, body, miss);
  const safety: unknown = body.safetySettings;
  if (Array.isArray(safety)) request.safety_settings = safety;
  else if (safety !== undefined) throw bad('safetySettings must be an array');
  return request;
}

/** `models/{model}:{action}` split; the model without a `models/` prefix. */
export function modelAction(param: string): { model: string; action: string } {
  const at = param.lastIndexOf(':');
  if (at < 0) return { model: param, action: '' };
  return { model: param.slice(0, at).replace(/^models\//, ''), action: param.slice(at + 1) };
}

/** The key: `x-goog-api-key`, `?key=`, else Authorization. */
export function geminiKey(request: FastifyRequest): string | undefined {
  const header = request.headers['x-goog-api-key'];
  if (typeof header === 'string' && header) return header;
  const query = (request.query as Record<string, unknown> | undefined)?.key;
  if (typeof query === 'string' && query) return query;
  return request.headers.authorization;
}

export function parseGeminiRequest(
  request: FastifyRequest,
  model: string,
  stream: boolean,
): DialectRequest {
  const raw = request.body;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw bad('the body must be a JSON object');
  const body = raw as GeminiRequest;
  const uncarried: string[] = [];
  const canonical = geminiToCanonical(body, model, (name) => uncarried.push(name));
  return {
    mode: 'chat',
    body: { ...canonical, stream },
    raw: body as Record<string, unknown>,
    model,
    stream,
    // Usage goes in this dialect's own closing events, not in a chat usage chunk.
    includeUsage: false,
    maxTokens: canonical.max_tokens ?? 0,
    clientHeaders: {},
    translated: true,
    uncarried,
  };
}
