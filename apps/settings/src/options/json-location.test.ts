import { jsonProblem } from './json-location';

describe('jsonProblem', () => {
  it('is null for valid JSON', () => {
    expect(jsonProblem('{"gpt-4o": 1.25}')).toBeNull();
  });

  it('names the line and column where parsing stopped', () => {
    const text = '{\n  "gpt-4o": 1.25,\n  "o3": 2\n  "o4": 3\n}';
    expect(jsonProblem(text)).toMatchObject({ line: 4, column: 3 });
  });

  it('points past the last character when the text ends too soon', () => {
    expect(jsonProblem('{\n  "a": 1')).toMatchObject({ line: 2, column: 9 });
  });
});
