// The five matrix scenarios as each ingress dialect's official SDK performs them, reduced to one
// Outcome shape so one assertion checks every cell: text, finish reason, tool call, usage.

export type Scenario = 'text' | 'stream' | 'tools' | 'image' | 'structured';
export const SCENARIOS: Scenario[] = ['text', 'stream', 'tools', 'image', 'structured'];

export interface Outcome {
  text: string;
  /** The dialect's finish/stop reason (Responses: the status, or `function_call`). */
  finish: string;
  toolCall?: { id: string; name: string; args: unknown };
  usage: { prompt: number; completion: number; cached: number };
}

/** What a driver returns for the tools scenario: the call, then the reply to its result. */
export interface ToolsOutcome {
  call: Outcome;
  answer: Outcome;
}

export interface Driver {
  text(model: string, prompt: string): Promise<Outcome>;
  stream(model: string, prompt: string): Promise<Outcome>;
  tools(model: string, prompt: string, result: string): Promise<ToolsOutcome>;
  image(model: string, prompt: string, pngBase64: string): Promise<Outcome>;
  structured(model: string, prompt: string): Promise<Outcome>;
}

/** Finish reasons of each dialect for a text answer and for a tool call. */
export const FINISH = {
  chat: { text: 'stop', tool: 'tool_calls' },
  responses: { text: 'completed', tool: 'function_call' },
  messages: { text: 'end_turn', tool: 'tool_use' },
  gemini: { text: 'STOP', tool: 'STOP' },
} as const;

export type Dialect = keyof typeof FINISH;

export const WEATHER_PARAMETERS = {
  type: 'object',
  properties: {
    city: { type: 'string', description: 'City name' },
    unit: { type: 'string', enum: ['celsius', 'fahrenheit'] },
  },
  required: ['city'],
  additionalProperties: false,
};

export const WEATHER_DESCRIPTION = 'Current weather of a city';

export const REPORT_SCHEMA = {
  type: 'object',
  properties: { city: { type: 'string' }, temperature: { type: 'number' } },
  required: ['city', 'temperature'],
  additionalProperties: false,
};

/** A 1×1 red PNG. */
export const RED_PIXEL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';
