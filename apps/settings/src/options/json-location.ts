// Where a JSON text stops parsing, as a person finds it in the editor: line and column from 1.
// The engine reports a character position ("… at position 42"); the end of the text when it ran
// out ("Unexpected end of JSON input").

export interface JsonProblem {
  line: number;
  column: number;
  /** The parser's own words, without the position it already gave. */
  reason: string;
}

export function jsonProblem(text: string): JsonProblem | null {
  try {
    JSON.parse(text);
    return null;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const at = /at position (\d+)/.exec(message);
    const position = at ? Number(at[1]) : text.length;
    const before = text.slice(0, position).split('\n');
    const reason = message
      .replace(/\s*\(line \d+ column \d+\)/, '')
      .replace(/\s*in JSON at position \d+/, '')
      .trim();
    return {
      line: before.length,
      column: (before.at(-1)?.length ?? 0) + 1,
      reason,
    };
  }
}
