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
await import(pathToFileURL(path.join(repoRoot, 'apps/server/dist/main.js')).href);
