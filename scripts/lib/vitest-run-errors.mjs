// A vitest reporter for `npm test`: writes the errors a run had outside any test (an unhandled
// rejection, a timer that fired after its file's environment was gone, a worker that died) and
// how the run ended to the file named by VITEST_RUN_ERRORS_FILE, so the summary at the bottom of
// the output can say why a stage failed when every test passed.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The first lines of an error's stack, enough to find where it came from. */
const stackHead = (stack) =>
  String(stack ?? '')
    .split('\n')
    .slice(1, 6)
    .map((line) => line.trim())
    .filter(Boolean);

export default class RunErrorsReporter {
  onTestRunEnd(_testModules, unhandledErrors, reason) {
    const file = process.env.VITEST_RUN_ERRORS_FILE;
    if (!file) return;
    const errors = unhandledErrors.map((error) => ({
      name: error.name ?? 'Error',
      message: String(error.message ?? '').slice(0, 500),
      testFile: error.VITEST_TEST_PATH,
      testName: error.VITEST_TEST_NAME,
      stack: stackHead(error.stack),
    }));
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify({ reason, errors }, null, 2)}\n`);
  }
}
