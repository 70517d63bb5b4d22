// Command-line options of the bench scripts: `--name value` pairs and bare `--flag`s.

/** The value after `--name`, or `fallback` when the option is absent. */
export function stringArg(name, fallback) {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 && index + 1 < process.argv.length ? process.argv[index + 1] : fallback;
}

/** `--name <number>`; a value that is not a number stops the script rather than measure nonsense. */
export function numberArg(name, fallback) {
  const text = stringArg(name, undefined);
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isFinite(value)) throw new Error(`--${name} needs a number, got "${text}"`);
  return value;
}

/** True when the bare `--name` is given. */
export function flagArg(name) {
  return process.argv.includes(`--${name}`);
}
