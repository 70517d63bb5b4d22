// A vitest reporter for `npm test`: writes the errors a run had outside any test to the file named
// by VITEST_RUN_ERRORS_FILE, so the summary at the bottom of the output can say why a stage failed
// when every test passed. Two kinds: those the workers report (an unhandled rejection, a timer
// that fired after its file's environment was gone, a worker that died), and a rejection or an
// exception in vitest's own process, which vitest turns into exit code 1 after the run's end.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The first lines of an error's stack, enough to find where it came from. */
const stackHead = (stack) =>
  String(stack ?? '')
    .split('\n')
    .slice(1, 6)
    .map((line) => line.trim())
    .filter(Boolean);

const describe = (error, where) => ({
  where,
  name: error?.name ?? 'Error',
  message: String(error?.message ?? error).slice(0, 500),
  testFile: error?.VITEST_TEST_PATH,
  testName: error?.VITEST_TEST_NAME,
  stack: stackHead(error?.stack),
});

export default class RunErrorsReporter {
  file = process.env.VITEST_RUN_ERRORS_FILE;
  reason = undefined;
  errors = [];

  onInit() {
    if (!this.file) return;
    // Listening changes nothing in how vitest handles these: it still prints them and fails.
    process.on('unhandledRejection', (error) => this.add(describe(error, 'vitest process')));
    process.on('uncaughtExceptionMonitor', (error) => this.add(describe(error, 'vitest process')));
  }

  onTestRunEnd(_testModules, unhandledErrors, reason) {
    this.reason = reason;
    for (const error of unhandledErrors) this.errors.push(describe(error, 'test worker'));
    this.write();
  }

  add(entry) {
    this.errors.push(entry);
    this.write();
  }

  write() {
    if (!this.file) return;
    mkdirSync(path.dirname(this.file), { recursive: true });
    const report = { reason: this.reason, errors: this.errors };
    writeFileSync(this.file, `${JSON.stringify(report, null, 2)}\n`);
  }
}
