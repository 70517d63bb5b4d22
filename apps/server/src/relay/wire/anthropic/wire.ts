// Anthropic Messages API shapes (request, reply, stream events), as the API reference defines
// them; shared by the Anthropic adapter and the Messages dialect.

export interface AnthropicCacheControl {
  type: 'ephemeral';
  ttl?: '5m' | '1h';
}

export type AnthropicImageSource =
  | { type: 'base64'; media_type: string; data: string }
  | { type: 'url'; url: string };

export type AnthropicBlock =
  | { type: 'text'; text: string; cache_control?: AnthropicCacheControl }
  | { type: 'image'; source: AnthropicImageSource; cache_control?: AnthropicCacheControl }
  | { type: 'thinking'; thinking: string; signature: string }
  | { type: 'redacted_thinking'; data: string }
  | {
      type: 'tool_use';
      id: string;
      name: string;
      input: unknown;
      cache_control?: AnthropicCacheControl;
    }
  | {
      type: 'tool_result';
      tool_use_id: string;
      content?: string | AnthropicBlock[];
      is_error?: boolean;
      cache_control?: AnthropicCacheControl;
    }
  | { type: string; [field: string]: unknown };

export interface AnthropicMessage {
  role: 'user' | 'assistant';
  content: string | AnthropicBlock[];
}

export interface AnthropicTool {
  type?: string;
  name: string;
  description?: string;
  input_schema?: Record<string, unknown>;
  cache_control?: AnthropicCacheControl;
}

export type AnthropicToolChoice =
  | { type: 'auto' | 'any' | 'none'; disable_parallel_tool_use?: boolean }
  | { type: 'tool'; name: string; disable_parallel_tool_use?: boolean };

export interface AnthropicUsage {
  input_tokens?: number;
  output_tokens?: number;
  cache_read_input_tokens?: number | null;
  cache_creation_input_tokens?: number | null;
  cache_creation?: { ephemeral_5m_input_tokens?: number; ephemeral_1h_input_tokens?: number };
}

export type AnthropicStopReason =
  | 'end_turn'
  | 'max_tokens'
  | 'stop_sequence'
  | 'tool_use'
  | 'pause_turn'
  | 'refusal';

export interface AnthropicReply {
  id: string;
  type: 'message';
  role: 'assistant';
  model: string;
  content: AnthropicBlock[];
  stop_reason: AnthropicStopReason | null;
  stop_sequence: string | null;
  usage: AnthropicUsage;
}

export interface AnthropicEvent {
  type: string;
  index?: number;
  message?: AnthropicReply;
  content_block?: AnthropicBlock;
  delta?: {
    type?: string;
    text?: string;
    partial_json?: string;
    thinking?: string;
    signature?: string;
    stop_reason?: AnthropicStopReason | null;
    stop_sequence?: string | null;
  };
  usage?: AnthropicUsage;
  error?: { type?: string; message?: string };
}

export const ANTHROPIC_VERSION = '2023-06-01';
