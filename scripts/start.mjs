// `npm start`: install what is missing, build the console and the server when their sources
// changed (each build runs in its own short-lived process), then run the compiled server in this
// process: plain Node on apps/server/dist/main.js, no transpiler or helper process at run time.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensurePackages, repoRoot, runOrExit } from './lib/setup.mjs';

ensurePackages();
runOrExit(process.execPath, [path.join(repoRoot, 'scripts/build-console.mjs')]);
runOrExit(process.execPath, [path.join(repoRoot, 'scripts/build-server.mjs')]);

process.env.NODE_ENV ??= 'production';
// Before the server's packages load: holds V8's young generation at its initial size while the
// server starts (apps/server/src/ops/young-generation.ts); the server lets it grow once listening.
const dist = path.join(repoRoot, 'apps/server/dist');
await import(pathToFileURL(path.join(dist, 'young-generation-hold.js')).href);
await import(pathToFileURL(path.join(dist, 'main.js')).href);
