// Gemini's thought signatures carried on the tool call id. A thinking Gemini model (2.5, 3)
// signs the function calls it makes, and Gemini 3 refuses (400) a next turn whose functionCall
// parts come back without their signature. Clients of the other dialects have no field for it,
// but every one of them sends the tool call id back verbatim (the assistant's tool_calls /
// tool_use / function_call, and the tool result), so the signature rides inside the id — in
// the characters every dialect allows in an id ([A-Za-z0-9_-]) — and is taken out again when
// the turn goes back to Gemini.

const MARK = '__thought_';

/** The tool call id with the part's signature (if any) and its length inside. */
export function signedCallId(id: string, signature: string | undefined): string {
  if (!signature) return id;
  const encoded = Buffer.from(signature, 'utf8').toString('base64url');
  return `${id}${MARK}${signature.length.toString(36)}_${encoded}`;
}

/**
 * The signature a tool call id carries, if any. A client that cut the id short (some cap ids
 * at 64 characters) loses it: a damaged signature would be refused, a missing one is not (2.5).
 */
export function signatureOfCallId(id: string): string | undefined {
  const at = id.indexOf(MARK);
  if (at < 0) return undefined;
  const rest = id.slice(at + MARK.length);
  const split = rest.indexOf('_');
  const length = Number.parseInt(rest.slice(0, split), 36);
  const signature = Buffer.from(rest.slice(split + 1), 'base64url').toString('utf8');
  return split > 0 && signature.length === length ? signature : undefined;
}
