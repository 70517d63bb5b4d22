// Entry of `npm run import:new-api` (see cli.ts for the options).
import { main } from './cli';

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
