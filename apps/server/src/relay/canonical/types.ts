// The relay's one canonical form: OpenAI chat-completions request, completion and stream chunk,
// typed and normalised, with explicit extension fields for what chat lacks (cache writes,
// thinking blocks with signatures, cache_control, a thinking budget). Every dialect parses into
// it and renders out of it; every provider adapter reads it and produces it. Nothing else
// crosses between dialects and adapters.

/** cache_control as Anthropic defines it; carried on parts, tools and the system prompt. */
export interface CacheControl {
  type: 'ephemeral';
  ttl?: '5m' | '1h';
}

export interface TextPart {
  type: 'text';
  text: string;
  cache_control?: CacheControl;
}

export interface ImagePart {
  type: 'image_url';
  /** An http(s) URL or a `data:<media type>;base64,<data>` URL. */
  image_url: { url: string; detail?: 'auto' | 'low' | 'high' };
  cache_control?: CacheControl;
}

export type ContentPart = TextPart | ImagePart;

/** A reasoning block kept for the next turn (Anthropic thinking; redacted ones carry `data`). */
export interface ThinkingBlock {
  type: 'thinking' | 'redacted_thinking';
  thinking?: string;
  signature?: string;
  data?: string;
}

export interface ToolCall {
  id: string;
  type: 'function';
  function: { name: string /** JSON text */; arguments: string };
}

export interface SystemMessage {
  role: 'system' | 'developer';
  content: string | TextPart[];
}

export interface UserMessage {
  role: 'user';
  content: string | ContentPart[];
  name?: string;
}

export interface AssistantMessage {
  role: 'assistant';
  content: string | TextPart[] | null;
  tool_calls?: ToolCall[];
  refusal?: string | null;
  /** Extension: reasoning text some providers return (DeepSeek, Qwen, vLLM). */
  reasoning_content?: string;
  /** Extension: thinking blocks with their signatures, to hand back on the next turn. */
  thinking_blocks?: ThinkingBlock[];
}

export interface ToolMessage {
  role: 'tool';
  tool_call_id: string;
  content: string | ContentPart[];
  /** Extension: the tool failed (Anthropic `is_error`). */
  is_error?: boolean;
}

export type Message = SystemMessage | UserMessage | AssistantMessage | ToolMessage;

/** A JSON Schema object; kept as given. */
export type JsonSchema = Record<string, unknown>;

export interface FunctionTool {
  type: 'function';
  function: { name: string; description?: string; parameters?: JsonSchema; strict?: boolean };
  cache_control?: CacheControl;
}

export type ToolChoice =
  | 'none'
  | 'auto'
  | 'required'
  | { type: 'function'; function: { name: string } };

export type ResponseFormat =
  | { type: 'text' }
  | { type: 'json_object' }
  | {
      type: 'json_schema';
      json_schema: { name: string; description?: string; schema?: JsonSchema; strict?: boolean };
    };

export type ReasoningEffort = 'minimal' | 'low' | 'medium' | 'high';

export interface ChatRequest {
  model: string;
  messages: Message[];
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  max_tokens?: number;
  max_completion_tokens?: number;
  temperature?: number;
  top_p?: number;
  /** Extension: Anthropic / Gemini top-k. */
  top_k?: number;
  stop?: string | string[];
  n?: number;
  seed?: number;
  presence_penalty?: number;
  frequency_penalty?: number;
  tools?: FunctionTool[];
  tool_choice?: ToolChoice;
  parallel_tool_calls?: boolean;
  response_format?: ResponseFormat;
  reasoning_effort?: ReasoningEffort;
  /**
   * Extension: an explicit thinking budget in tokens (Anthropic `thinking.budget_tokens`, Gemini
   * `thinkingBudget`); 0 turns thinking off. Wins over reasoning_effort when both are set.
   */
  thinking_budget?: number;
  user?: string;
  metadata?: Record<string, string>;
  logprobs?: boolean;
  top_logprobs?: number;
  logit_bias?: Record<string, number>;
  /** Extension: Gemini `safetySettings`, kept for a Gemini upstream (param-policy.ts). */
  safety_settings?: unknown[];
  /** OpenAI audio output, predicted outputs and output modalities: refused where not carried. */
  audio?: unknown;
  prediction?: unknown;
  modalities?: unknown;
}

export type FinishReason = 'stop' | 'length' | 'tool_calls' | 'content_filter';

export interface ChatUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  /** cached_tokens: input read from the provider's cache (part of prompt_tokens). */
  prompt_tokens_details?: {
    cached_tokens?: number;
    /** Extension: input written to the cache (Anthropic cache_creation_input_tokens). */
    cache_write_tokens?: number;
    /** Extension: of those, written with the 1-hour TTL. */
    cache_write_1h_tokens?: number;
  };
  /** reasoning_tokens: part of completion_tokens. */
  completion_tokens_details?: { reasoning_tokens?: number };
}

export interface ChatCompletion {
  id: string;
  object: 'chat.completion';
  created: number;
  model: string;
  choices: {
    index: number;
    message: AssistantMessage;
    finish_reason: FinishReason | null;
  }[];
  usage?: ChatUsage;
}

export interface ToolCallDelta {
  index: number;
  id?: string;
  type?: 'function';
  function?: { name?: string; arguments?: string };
}

export interface ChunkDelta {
  role?: 'assistant';
  content?: string | null;
  reasoning_content?: string;
  /** Extension: a thinking block's signature once the block ends. */
  thinking_signature?: string;
  /** Extension: a redacted thinking block, whole. */
  redacted_thinking?: string;
  tool_calls?: ToolCallDelta[];
  refusal?: string | null;
}

export interface ChatChunk {
  id: string;
  object: 'chat.completion.chunk';
  created: number;
  model: string;
  choices: { index: number; delta: ChunkDelta; finish_reason: FinishReason | null }[];
  usage?: ChatUsage | null;
}

/** What the stream renderers and translators read of a chunk (canonical/chunk-reader.ts). */
export type ChunkChoices = Pick<ChatChunk, 'choices'>;

/** A chat-completions error body; every dialect renders its own shape from these fields. */
export interface ChatError {
  message: string;
  type: string;
  param: string | null;
  code: string | null;
}
