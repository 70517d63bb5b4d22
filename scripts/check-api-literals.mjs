// Keeps the console's endpoints declared once (issue 29): no `/api` path literal in the console's
// source; its calls go through the typed client built from the contracts' endpoint tables. Tests
// and test fakes may spell the wire. A line may be let through only by a comment right above it
// that starts `api-literal-allowed:` and says why. The fixture proves the check bites. Run by
// `npm run check`.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = join(import.meta.dirname, '..');
const CONSOLE_SOURCES = ['account', 'billing', 'channels', 'observability', 'settings', 'shell']
  .map((app) => join(root, 'apps', app, 'src'))
  .concat(join(root, 'shared', 'console-kit', 'src'));
const FIXTURE = join(root, 'scripts', 'fixtures', 'api-literals', 'literal.ts.txt');
/** A quoted string or template that starts with an /api path. */
const API_LITERAL = /(['"`])\/api(?:\/|\1)/;
const isTest = (file) => /\.test\.tsx?$/.test(file) || /[\\/]test[\\/]/.test(file);

function* sources(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(path);
    else if (/\.tsx?$/.test(entry.name) && !isTest(path)) yield path;
  }
}

const ALLOWED = /\/\/ api-literal-allowed: \S/;

/** Where the comment block right above line `index` holds the allowance. */
function allowed(lines, index) {
  for (let above = index - 1; above >= 0 && /^\s*\/\//.test(lines[above]); above -= 1) {
    if (ALLOWED.test(lines[above])) return true;
  }
  return false;
}

function offences(file) {
  const lines = readFileSync(file, 'utf8').split('\n');
  return lines.flatMap((line, index) =>
    API_LITERAL.test(line) && !allowed(lines, index)
      ? [`${relative(root, file)}:${index + 1}`]
      : [],
  );
}

const found = CONSOLE_SOURCES.flatMap((dir) => [...sources(dir)].flatMap(offences));
const bites = offences(FIXTURE).length > 0;
for (const place of found) console.log(`✗ ${place}: an /api path literal; call the endpoint table`);
console.log(
  `${bites ? '✓' : '✗'} the fixture's /api literal ${bites ? 'is refused' : 'was NOT refused'}`,
);
if (found.length === 0) console.log('✓ no /api path literal in the console source');
process.exit(found.length === 0 && bites ? 0 : 1);
