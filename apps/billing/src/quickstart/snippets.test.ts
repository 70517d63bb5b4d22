import { quickstartSnippets, SNIPPET_KINDS } from './snippets';

const input = {
  apiKey: 'sk-abc123',
  baseUrl: 'https://ai.example.com/',
  model: 'gpt-4o-mini',
};

describe('quickstartSnippets', () => {
  const snippets = quickstartSnippets(input);
  const code = (kind: string) => snippets.find((snippet) => snippet.kind === kind)?.code ?? '';

  it('gives one snippet per client, each with the key, the base URL and the model', () => {
    expect(snippets.map((snippet) => snippet.kind)).toEqual([...SNIPPET_KINDS]);
    for (const snippet of snippets) {
      expect(snippet.code, snippet.kind).toContain('sk-abc123');
      expect(snippet.code, snippet.kind).toContain('https://ai.example.com');
      expect(snippet.code, snippet.kind).not.toContain('example.com//');
      expect(snippet.code, snippet.kind).toContain('gpt-4o-mini');
    }
  });

  it('points OpenAI clients at /v1 and the Anthropic ones at the bare origin', () => {
    expect(code('curl')).toContain("'https://ai.example.com/v1/chat/completions'");
    expect(code('python')).toContain('base_url="https://ai.example.com/v1"');
    expect(code('node')).toContain('baseURL: "https://ai.example.com/v1"');
    expect(code('anthropic')).toContain('base_url="https://ai.example.com"');
    expect(code('claudeCode')).toContain("ANTHROPIC_BASE_URL='https://ai.example.com'\n");
    expect(code('claudeCode')).toContain("ANTHROPIC_AUTH_TOKEN='sk-abc123'");
    expect(code('codex')).toContain('base_url = "https://ai.example.com/v1"');
    expect(code('codex')).toContain('[model_providers.switchyard]');
    expect(code('geminiCli')).toContain("GOOGLE_GEMINI_BASE_URL='https://ai.example.com'");
  });

  it("escapes a single quote in the curl body as a POSIX shell needs ('\\'')", () => {
    const odd = quickstartSnippets({ ...input, model: "it's" })[0]?.code ?? '';
    expect(odd).toContain(`-d '{"model":"it'\\''s",`);
  });
});
