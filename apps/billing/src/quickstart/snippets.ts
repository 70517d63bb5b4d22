// The quickstart's copy-ready snippets: one per client, each with the user's key, the gateway's
// base URL and a model the user may call, so a first request works when pasted as it is.

export const SNIPPET_KINDS = [
  'curl',
  'python',
  'node',
  'anthropic',
  'claudeCode',
  'codex',
  'geminiCli',
] as const;
export type SnippetKind = (typeof SNIPPET_KINDS)[number];

export interface SnippetInput {
  /** The full key, `sk-…`. */
  apiKey: string;
  /** The gateway's origin without a trailing slash, e.g. `https://ai.example.com`. */
  baseUrl: string;
  model: string;
}

export interface Snippet {
  kind: SnippetKind;
  /** Language of the code block (for a screen reader's label and highlighting). */
  language: 'bash' | 'python' | 'javascript' | 'toml';
  code: string;
}

/** `https://x.com/` and `https://x.com` name the same base. */
export const trimBaseUrl = (url: string): string => url.trim().replace(/\/+$/, '');

/** A word inside single quotes in a POSIX shell (`'` closes, escapes and reopens). */
const shellQuote = (text: string): string => `'${text.replaceAll("'", `'\\''`)}'`;

/** A string literal for Python, JavaScript and TOML (JSON's escaping is valid in all three). */
const literal = (text: string): string => JSON.stringify(text);

const HELLO = 'Hello!';

function curl({ apiKey, baseUrl, model }: SnippetInput): string {
  const body = JSON.stringify({ model, messages: [{ role: 'user', content: HELLO }] });
  return [
    `curl ${shellQuote(`${baseUrl}/v1/chat/completions`)} \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -H ${shellQuote(`Authorization: Bearer ${apiKey}`)} \\`,
    `  -d ${shellQuote(body)}`,
  ].join('\n');
}

const python = ({ apiKey, baseUrl, model }: SnippetInput): string =>
  `from openai import OpenAI

client = OpenAI(base_url=${literal(`${baseUrl}/v1`)}, api_key=${literal(apiKey)})
reply = client.chat.completions.create(
    model=${literal(model)},
    messages=[{"role": "user", "content": ${literal(HELLO)}}],
)
print(reply.choices[0].message.content)`;

const node = ({ apiKey, baseUrl, model }: SnippetInput): string =>
  `import OpenAI from "openai";

const client = new OpenAI({ baseURL: ${literal(`${baseUrl}/v1`)}, apiKey: ${literal(apiKey)} });
const reply = await client.chat.completions.create({
  model: ${literal(model)},
  messages: [{ role: "user", content: ${literal(HELLO)} }],
});
console.log(reply.choices[0].message.content);`;

// The Anthropic SDK adds /v1/messages to its base URL itself.
const anthropic = ({ apiKey, baseUrl, model }: SnippetInput): string =>
  `import anthropic

client = anthropic.Anthropic(base_url=${literal(baseUrl)}, api_key=${literal(apiKey)})
message = client.messages.create(
    model=${literal(model)},
    max_tokens=1024,
    messages=[{"role": "user", "content": ${literal(HELLO)}}],
)
print(message.content[0].text)`;

const claudeCode = ({ apiKey, baseUrl, model }: SnippetInput): string =>
  `export ANTHROPIC_BASE_URL=${shellQuote(baseUrl)}
export ANTHROPIC_AUTH_TOKEN=${shellQuote(apiKey)}
export ANTHROPIC_MODEL=${shellQuote(model)}
claude`;

// Codex reads custom providers from ~/.codex/config.toml and the key from the named variable.
const codex = ({ apiKey, baseUrl, model }: SnippetInput): string =>
  `# ~/.codex/config.toml
model = ${literal(model)}
model_provider = "switchyard"

[model_providers.switchyard]
name = "Switchyard"
base_url = ${literal(`${baseUrl}/v1`)}
env_key = "SWITCHYARD_API_KEY"
wire_api = "responses"

# then, in the shell:
# export SWITCHYARD_API_KEY=${shellQuote(apiKey)}
# codex`;

const geminiCli = ({ apiKey, baseUrl, model }: SnippetInput): string =>
  `export GOOGLE_GEMINI_BASE_URL=${shellQuote(baseUrl)}
export GEMINI_API_KEY=${shellQuote(apiKey)}
gemini -m ${shellQuote(model)}`;

const BUILDERS: Record<SnippetKind, [Snippet['language'], (input: SnippetInput) => string]> = {
  curl: ['bash', curl],
  python: ['python', python],
  node: ['javascript', node],
  anthropic: ['python', anthropic],
  claudeCode: ['bash', claudeCode],
  codex: ['toml', codex],
  geminiCli: ['bash', geminiCli],
};

/** Every snippet, in the order the dialog shows them. */
export function quickstartSnippets(input: SnippetInput): Snippet[] {
  const clean = { ...input, baseUrl: trimBaseUrl(input.baseUrl) };
  return SNIPPET_KINDS.map((kind) => {
    const [language, build] = BUILDERS[kind];
    return { kind, language, code: build(clean) };
  });
}
