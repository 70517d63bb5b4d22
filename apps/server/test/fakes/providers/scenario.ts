// What the scripted model fakes "decide": every provider fake reads its own wire format into a
// Seen (what crossed the gateway), and answers the same way, so a test can expect one reply
// whatever the provider: a tool result is echoed, a schema is answered with JSON, offered tools
// are called, an image is acknowledged, anything else gets a greeting.

/** What a provider fake found in a request, in provider-neutral terms. */
export interface Seen {
  /** The provider's wire: chat, responses, messages, gemini, ollama. */
  wire: 'chat' | 'responses' | 'messages' | 'gemini' | 'ollama';
  model: string;
  stream: boolean;
  system: string;
  /** The last user text. */
  text: string;
  /** Names of the function tools offered. */
  tools: string[];
  /** The last tool result text, when the conversation ends with one. */
  toolResult?: string;
  /** The id the tool result answers, when the wire carries one. */
  toolCallId?: string;
  /** The JSON schema asked for (structured output), or a forced tool standing in for one. */
  schema?: unknown;
  /** Anthropic: the forced tool that carries the structured output, when that is how it came. */
  forcedTool?: string;
  /** Images of the conversation: data URLs (`data:image/png;base64,…`) or http URLs. */
  images: string[];
  /** Generation settings as received (max tokens, temperature…), for assertions. */
  settings: Record<string, unknown>;
}

export type Turn =
  | { kind: 'text'; text: string }
  | { kind: 'tool'; id: string; name: string; args: Record<string, unknown> }
  | { kind: 'json'; value: Record<string, unknown> }
  /** A reply of reasoning only, with no answer text (as a thinking model cut short gives). */
  | { kind: 'thought'; text: string };

/** Markers in the user's text that ask the fake for a reply of reasoning only, or of no text. */
export const THOUGHT_ONLY = '[thought-only]';
export const EMPTY_REPLY = '[empty-reply]';
export const THOUGHT = 'Thinking about the question.';

export const TOOL_NAME = 'get_weather';
export const TOOL_ARGS = { city: 'Paris', unit: 'celsius' };
export const TOOL_CALL_ID = 'call_weather_1';
export const STRUCTURED_VALUE = { city: 'Paris', temperature: 22 };
export const GREETING = 'Hello from the fake model.';
export const IMAGE_REPLY = 'I see one image: a tiny red square.';
export const toolReply = (result: string) => `The weather tool says: ${result}`;

/** Tokens every fake reports (each wire in its own fields): 40 input of which 16 read from the
 * cache and (Anthropic) 8 written to it, 12 output of which 4 were reasoning. */
export const FAKE_USAGE = {
  input: 40,
  cachedRead: 16,
  cacheWrite5m: 4,
  cacheWrite1h: 4,
  output: 12,
  reasoning: 4,
} as const;

/** Shell tools of the coding agents: Claude Code's Bash, Codex's shell tools. */
export const AGENT_SHELL_TOOLS = [
  'Bash',
  'shell',
  'shell_command',
  'exec_command',
  'run_shell_command',
];
/** What the fake asks an agent to run: it leaves a file the test can look for. */
export const AGENT_COMMAND = 'echo agent-tool-ran > agent-proof.txt && echo proof-written';
export const agentReply = (result: string) => `Done. The command said: ${result}`;

function agentCall(tool: string): Turn {
  const args: Record<string, unknown> =
    tool === 'Bash'
      ? { command: AGENT_COMMAND, description: 'Write the proof file' }
      : tool === 'shell'
        ? { command: ['bash', '-lc', AGENT_COMMAND] }
        : tool === 'exec_command'
          ? { cmd: AGENT_COMMAND }
          : { command: AGENT_COMMAND };
  return { kind: 'tool', id: 'call_agent_1', name: tool, args };
}

export function decide(seen: Seen): Turn {
  const shell = seen.tools.find((name) => AGENT_SHELL_TOOLS.includes(name));
  if (shell !== undefined && seen.text.includes('[agent]')) {
    if (seen.toolResult !== undefined) return { kind: 'text', text: agentReply(seen.toolResult) };
    return agentCall(shell);
  }
  if (seen.toolResult !== undefined) return { kind: 'text', text: toolReply(seen.toolResult) };
  if (seen.text.includes(THOUGHT_ONLY)) return { kind: 'thought', text: THOUGHT };
  if (seen.text.includes(EMPTY_REPLY)) return { kind: 'text', text: '' };
  // A forced tool other than the weather one is structured output in tool form.
  if (seen.forcedTool !== undefined && seen.forcedTool !== TOOL_NAME) {
    return { kind: 'tool', id: 'call_record_1', name: seen.forcedTool, args: STRUCTURED_VALUE };
  }
  if (seen.schema !== undefined) return { kind: 'json', value: STRUCTURED_VALUE };
  if (seen.tools.includes(TOOL_NAME)) {
    return { kind: 'tool', id: TOOL_CALL_ID, name: TOOL_NAME, args: TOOL_ARGS };
  }
  if (seen.images.length > 0) return { kind: 'text', text: IMAGE_REPLY };
  return { kind: 'text', text: GREETING };
}

/** The reply text split into stream pieces (words with their spaces). */
export const pieces = (text: string): string[] => text.split(/(?<= )/);

/** The answer text of a turn that is not a tool call ('' for reasoning only). */
export const answerText = (turn: Exclude<Turn, { kind: 'tool' }>): string =>
  turn.kind === 'json' ? JSON.stringify(turn.value) : turn.kind === 'thought' ? '' : turn.text;

/** A JSON text split into a few uneven fragments, as providers stream tool arguments. */
export function fragments(json: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < json.length; i += 7) out.push(json.slice(i, i + 7));
  return out;
}

/** Text of a content value that may be a string or a list of typed parts. */
export function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part) => {
      if (typeof part === 'string') return part;
      const record = part as Record<string, unknown>;
      return typeof record.text === 'string' ? record.text : '';
    })
    .join('');
}

export type Json = Record<string, unknown>;
export const asRecord = (value: unknown): Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};
export const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
