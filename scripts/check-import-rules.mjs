// Proves the linter's import rules bite: each fixture is copied into the folder it names, linted
// with the repository's biome.json, and must fail with noRestrictedImports. Run by `npm run check`.
import { spawnSync } from 'node:child_process';
import { copyFileSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const fixtures = join(root, 'scripts', 'fixtures', 'import-rules');
let failed = false;

for (const name of readdirSync(fixtures).filter((file) => file.endsWith('.ts.txt'))) {
  const source = join(fixtures, name);
  const target = /^\/\/ target: (\S+)/.exec(readFileSync(source, 'utf8'))?.[1];
  if (!target) throw new Error(`${name}: first line must be "// target: <folder>"`);
  const copy = join(root, target, `import-rule-fixture-${name.replace(/\.txt$/, '')}`);
  copyFileSync(source, copy);
  try {
    const run = spawnSync('npx', ['biome', 'lint', copy], { cwd: root, encoding: 'utf8' });
    const output = `${run.stdout}${run.stderr}`;
    const bites = run.status !== 0 && output.includes('noRestrictedImports');
    console.log(`${bites ? '✓' : '✗'} ${name} ${bites ? 'is refused' : 'was NOT refused'}`);
    if (!bites) failed = true;
  } finally {
    rmSync(copy, { force: true });
  }
}
process.exit(failed ? 1 : 0);
