// The stream chunk reader: a text delta of the common shape read without parsing the chunk must
// give what JSON.parse gives; every other chunk is parsed whole (no server, no database).
import { describe, expect, it } from 'vitest';
import { hasUsageObject, readChunk } from '../../src/relay/canonical/chunk-reader';

const head = '{"id":"chatcmpl-1","object":"chat.completion.chunk","created":1,"model":"m",';

/** What the renderers read of JSON.parse's chunk. */
const parsedChoices = (payload: string) => ({
  choices: (JSON.parse(payload) as { choices: unknown }).choices,
});

describe('readChunk', () => {
  it.each([
    [
      'plain text',
      `${head}"choices":[{"index":0,"delta":{"content":"w0 "},"finish_reason":null}]}`,
    ],
    [
      "OpenAI's shape (logprobs, usage null, extra members after)",
      `${head}"system_fingerprint":"fp_1","choices":[{"index":0,"delta":{"content":" world"},"logprobs":null,"finish_reason":null}],"usage":null,"obfuscation":"x1"}`,
    ],
    [
      'escapes, quotes and unicode',
      `${head}"choices":[{"index":0,"delta":{"content":"a \\"quoted\\" line\\n\\\\ \\u00e9 \\ud83d\\ude00 {[\\"choices\\"]}"},"finish_reason":null}]}`,
    ],
    [
      'a text ending in a backslash',
      `${head}"choices":[{"index":0,"delta":{"content":"C:\\\\"},"finish_reason":null}]}`,
    ],
    ['empty text', `${head}"choices":[{"index":0,"delta":{"content":""},"finish_reason":null}]}`],
    [
      'the first chunk, with the role',
      `${head}"choices":[{"index":0,"delta":{"role":"assistant","content":"Hi"},"finish_reason":null}]}`,
    ],
  ])('reads a text delta as JSON.parse does: %s', (_name, payload) => {
    expect(readChunk(payload)).toEqual(parsedChoices(payload));
  });

  it.each([
    [
      'role and content of another shape',
      `${head}"choices":[{"index":0,"delta":{"role":"assistant","content":"","refusal":null},"finish_reason":null}]}`,
    ],
    [
      'finish reason',
      `${head}"choices":[{"index":0,"delta":{"content":"."},"finish_reason":"stop"}]}`,
    ],
    [
      'a second choice',
      `${head}"choices":[{"index":0,"delta":{"content":"a"},"finish_reason":null},{"index":1,"delta":{"content":"b"},"finish_reason":null}]}`,
    ],
    [
      'reasoning beside the text',
      `${head}"choices":[{"index":0,"delta":{"content":"a","reasoning_content":"r"},"finish_reason":null}]}`,
    ],
    [
      'a choices member repeated after it (the last one counts)',
      `${head}"choices":[{"index":0,"delta":{"content":"a"},"finish_reason":null}],"choices":[{"index":0,"delta":{"content":"b"},"finish_reason":"stop"}]}`,
    ],
    [
      'a choices member inside another value',
      `{"extra":{"choices":[{"index":0,"delta":{"content":"a"},"finish_reason":null}]},"choices":[]}`,
    ],
    [
      'a nested value before the choices',
      `{"meta":{"k":1},"choices":[{"index":0,"delta":{"content":"a"},"finish_reason":null}]}`,
    ],
    ['usage only', `${head}"choices":[],"usage":{"prompt_tokens":9,"completion_tokens":3}}`],
  ])('parses any other chunk whole: %s', (_name, payload) => {
    expect(readChunk(payload)).toEqual(JSON.parse(payload));
  });

  it('rejects what is not JSON, as JSON.parse does', () => {
    expect(() => readChunk('not json')).toThrow(SyntaxError);
  });
});

describe('hasUsageObject', () => {
  it('finds a usage member and nothing that only ends like one', () => {
    expect(hasUsageObject(`${head}"choices":[],"usage":{"prompt_tokens":1}}`)).toBe(true);
    expect(hasUsageObject(`${head}"choices":[],"usage":null}`)).toBe(false);
    expect(hasUsageObject(`${head}"prompt_usage":{"a":1},"choices":[]}`)).toBe(false);
    expect(
      hasUsageObject(`${head}"prompt_usage":{"a":1},"choices":[],"usage":{"prompt_tokens":1}}`),
    ).toBe(true);
    expect(hasUsageObject('usage":{')).toBe(false);
  });
});
