// The fast fake upstream's replies (see fast-upstream.mjs), shared with the stream-pipe bench:
// 32 words as an OpenAI chat completion, its SSE chunks and usage chunk, and the same as an
// Anthropic Messages reply and its events.
export const WORDS = Array.from({ length: 32 }, (_, i) => `w${i} `);
const USAGE = { prompt_tokens: 9, completion_tokens: 32, total_tokens: 41 };
export const JSON_REPLY = JSON.stringify({
  id: 'chatcmpl-bench',
  object: 'chat.completion',
  created: 1700000000,
  model: 'gpt-4o-mini',
  choices: [
    { index: 0, message: { role: 'assistant', content: WORDS.join('') }, finish_reason: 'stop' },
  ],
  usage: USAGE,
});
const chunk = (delta, finish) =>
  `data: ${JSON.stringify({
    id: 'chatcmpl-bench',
    object: 'chat.completion.chunk',
    created: 1700000000,
    model: 'gpt-4o-mini',
    choices: [{ index: 0, delta, finish_reason: finish }],
  })}\n\n`;
export const FRAMES = [
  chunk({ role: 'assistant', content: '' }, null),
  ...WORDS.map((w) => chunk({ content: w }, null)),
  chunk({}, 'stop'),
];
export const USAGE_FRAME = `data: ${JSON.stringify({ id: 'chatcmpl-bench', object: 'chat.completion.chunk', created: 1700000000, model: 'gpt-4o-mini', choices: [], usage: USAGE })}\n\n`;
export const MODELS = JSON.stringify({
  object: 'list',
  data: [{ id: 'gpt-4o-mini', object: 'model', created: 0, owned_by: 'bench' }],
});

const ANTHROPIC_USAGE = { input_tokens: 9, output_tokens: 32 };
export const ANTHROPIC_JSON = JSON.stringify({
  id: 'msg_bench',
  type: 'message',
  role: 'assistant',
  model: 'claude-bench',
  content: [{ type: 'text', text: WORDS.join('') }],
  stop_reason: 'end_turn',
  stop_sequence: null,
  usage: ANTHROPIC_USAGE,
});
const event = (name, data) =>
  `event: ${name}\ndata: ${JSON.stringify({ type: name, ...data })}\n\n`;
export const ANTHROPIC_FRAMES = [
  event('message_start', {
    message: {
      id: 'msg_bench',
      type: 'message',
      role: 'assistant',
      model: 'claude-bench',
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: 9, output_tokens: 1 },
    },
  }),
  event('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }),
  ...WORDS.map((w) =>
    event('content_block_delta', { index: 0, delta: { type: 'text_delta', text: w } }),
  ),
  event('content_block_stop', { index: 0 }),
  event('message_delta', {
    delta: { stop_reason: 'end_turn', stop_sequence: null },
    usage: { output_tokens: 32 },
  }),
  event('message_stop', {}),
];
