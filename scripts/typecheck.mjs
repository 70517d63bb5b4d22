// Type-checks every workspace package with its own tsconfig (no project references: see README).
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { repoRoot, run } from './lib/setup.mjs';

const folders = ['shared', 'apps']
  .flatMap((group) => readdirSync(path.join(repoRoot, group)).map((name) => path.join(group, name)))
  .concat(['e2e', 'bench'])
  .filter((folder) => existsSync(path.join(repoRoot, folder, 'tsconfig.json')));

const tsc = path.join(repoRoot, 'node_modules/.bin/tsc');
let failed = 0;
for (const folder of folders) {
  const status = run(tsc, ['-p', folder]);
  console.log(`${status === 0 ? '✓' : '✗'} tsc -p ${folder}`);
  if (status !== 0) failed += 1;
}
process.exit(failed === 0 ? 0 : 1);
