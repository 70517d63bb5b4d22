// Google's Gemini wire, as its API reference shows it: generateContent JSON and
// streamGenerateContent?alt=sse (one GenerateContentResponse per `data:` line), functionCall parts,
// usageMetadata with cachedContentTokenCount and thoughtsTokenCount.
import {
  answerText,
  asList,
  asRecord,
  FAKE_USAGE,
  type Json,
  pieces,
  type Seen,
  type Turn,
} from './scenario';

const partsText = (parts: Json[]) =>
  parts.map((part) => (typeof part.text === 'string' ? part.text : '')).join('');

function imageOf(part: Json): string[] {
  const inline = asRecord(part.inlineData ?? part.inline_data);
  if (typeof inline.data === 'string') {
    return [`data:${inline.mimeType ?? inline.mime_type};base64,${inline.data}`];
  }
  const file = asRecord(part.fileData ?? part.file_data);
  const uri = file.fileUri ?? file.file_uri;
  return typeof uri === 'string' ? [uri] : [];
}

export function readGemini(body: Json, model: string, stream: boolean): Seen {
  const contents = asList(body.contents).map(asRecord);
  const last = contents.at(-1) ?? {};
  const lastParts = asList(last.parts).map(asRecord);
  const response = lastParts.map((part) => asRecord(part.functionResponse)).find((r) => r.name);
  const config = asRecord(body.generationConfig);
  const schema =
    config.responseJsonSchema ??
    config.responseSchema ??
    (config.responseMimeType === 'application/json' ? {} : undefined);
  const calling = asRecord(asRecord(body.toolConfig).functionCallingConfig);
  // ANY must call a function: with one allowed (or one declared) it is that one.
  const declared = asList(body.tools).flatMap((tool) =>
    asList(asRecord(tool).functionDeclarations).map((fn) => asRecord(fn).name),
  );
  const allowed = asList(calling.allowedFunctionNames);
  const only = allowed.length === 1 ? allowed : allowed.length === 0 ? declared : [];
  const forcedTool =
    calling.mode === 'ANY' && only.length === 1 ? { forcedTool: String(only[0]) } : {};
  const users = contents.filter((content) => content.role !== 'model');
  const lastUserText = [...users]
    .reverse()
    .map((content) => partsText(asList(content.parts).map(asRecord)))
    .find(Boolean);
  return {
    wire: 'gemini',
    model,
    stream,
    system: partsText(asList(asRecord(body.systemInstruction).parts).map(asRecord)),
    text: lastUserText ?? '',
    tools: asList(body.tools).flatMap((tool) =>
      asList(asRecord(tool).functionDeclarations).map((fn) => String(asRecord(fn).name)),
    ),
    ...(response
      ? {
          toolResult: JSON.stringify(response.response),
          toolCallId: String(response.id ?? response.name),
        }
      : {}),
    ...(schema === undefined ? {} : { schema }),
    ...forcedTool,
    images: contents.flatMap((content) => asList(content.parts).map(asRecord).flatMap(imageOf)),
    settings: config,
  };
}

const usageMetadata = (final: boolean) => ({
  promptTokenCount: FAKE_USAGE.input,
  cachedContentTokenCount: FAKE_USAGE.cachedRead,
  // Gemini reports thoughts beside the candidates: 8 answer + 4 thinking = 12 output.
  candidatesTokenCount: final ? FAKE_USAGE.output - FAKE_USAGE.reasoning : 1,
  thoughtsTokenCount: FAKE_USAGE.reasoning,
  totalTokenCount: FAKE_USAGE.input + (final ? FAKE_USAGE.output : 1 + FAKE_USAGE.reasoning),
  promptTokensDetails: [{ modality: 'TEXT', tokenCount: FAKE_USAGE.input }],
});

function part(turn: Turn): Json {
  if (turn.kind === 'tool') {
    return { functionCall: { name: turn.name, args: turn.args } };
  }
  if (turn.kind === 'thought') return { text: turn.text, thought: true };
  return { text: answerText(turn) };
}

function response(seen: Seen, parts: Json[], finish: boolean): Json {
  return {
    candidates: [
      {
        content: { parts, role: 'model' },
        ...(finish ? { finishReason: 'STOP' } : {}),
        index: 0,
      },
    ],
    usageMetadata: usageMetadata(finish),
    modelVersion: seen.model,
    responseId: 'fake-response-1',
  };
}

export const geminiJson = (seen: Seen, turn: Turn): Json => response(seen, [part(turn)], true);

export function geminiStream(seen: Seen, turn: Turn): string[] {
  const frame = (data: Json) => `data: ${JSON.stringify(data)}\r\n\r\n`;
  if (turn.kind === 'tool') return [frame(response(seen, [part(turn)], true))];
  const thought = turn.kind === 'thought';
  const words = pieces(thought ? turn.text : answerText(turn));
  return words.map((word, index) =>
    frame(
      response(
        seen,
        [thought ? { text: word, thought: true } : { text: word }],
        index === words.length - 1,
      ),
    ),
  );
}
