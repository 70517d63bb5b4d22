// `npm test`: set up what is missing, then run every check and test suite, and print one summary.
// Stages: static checks, unit/component tests, server integration tests on every reachable SQL
// engine, console build, browser journeys. Every stage runs even when an earlier one failed.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { ensureChromium, ensurePackages, repoRoot, run, runWithOutcome } from './lib/setup.mjs';

const resultsDir = path.join(repoRoot, '.cache/test-results');
const bin = (name) => path.join(repoRoot, 'node_modules/.bin', name);
const isCI = process.env.CI === 'true';

ensurePackages();
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

/** Reads pass/fail counts from a vitest or Playwright JSON report. */
function countsFrom(file) {
  if (!existsSync(file)) return { passed: 0, failed: 0 };
  const report = JSON.parse(readFileSync(file, 'utf8'));
  if (report.stats) {
    return { passed: report.stats.expected + report.stats.flaky, failed: report.stats.unexpected };
  }
  return { passed: report.numPassedTests ?? 0, failed: report.numFailedTests ?? 0 };
}

/** At most this many failed tests are named in the summary, per report. */
const NAMED_FAILURES = 10;

/** The failed tests a vitest or Playwright JSON report holds, each as `file › name: first line`. */
function failedTests(file, label = '') {
  if (!existsSync(file)) return [];
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const failures = [];
  const firstLine = (text) =>
    stripVTControlCharacters(String(text ?? ''))
      .split('\n')
      .find((line) => line.trim() !== '')
      ?.trim()
      .slice(0, 200) ?? '';
  if (report.stats) {
    const walk = (suite) => {
      for (const spec of suite.specs ?? []) {
        for (const test of spec.tests ?? []) {
          if (test.status !== 'unexpected') continue;
          const last = test.results?.at(-1);
          failures.push(
            `${spec.file}:${spec.line} › ${spec.title}: ${firstLine(last?.error?.message)}`,
          );
        }
      }
      for (const child of suite.suites ?? []) walk(child);
    };
    for (const suite of report.suites ?? []) walk(suite);
  } else {
    for (const result of report.testResults ?? []) {
      for (const assertion of result.assertionResults ?? []) {
        if (assertion.status !== 'failed') continue;
        const where = path.relative(repoRoot, result.name);
        failures.push(
          `${where} › ${assertion.fullName}: ${firstLine(assertion.failureMessages?.[0])}`,
        );
      }
    }
  }
  const lines = failures.slice(0, NAMED_FAILURES).map((line) => `    ${label}${line}`);
  if (failures.length > NAMED_FAILURES) {
    lines.push(`    ${label}… and ${failures.length - NAMED_FAILURES} more`);
  }
  return lines;
}

/**
 * When a runner fails with no failed test, the reason is far above the summary: say it there —
 * how the runner ended, and the errors its report holds outside any test (an unhandled rejection,
 * a file that could not load).
 */
function explainFailure(status, ending, file, runErrorsFile) {
  if (status === 0) return {};
  const reasons = [ending];
  const details = [];
  if (runErrorsFile && existsSync(runErrorsFile)) {
    const { reason, errors } = JSON.parse(readFileSync(runErrorsFile, 'utf8'));
    if (reason === 'interrupted') reasons.push('the run was interrupted');
    if (errors.length > 0) reasons.push(`${errors.length} error(s) outside any test`);
    for (const error of errors.slice(0, 5)) {
      const file = error.testFile ? `, ${path.relative(repoRoot, error.testFile)}` : '';
      const test = error.testName ? ` › ${error.testName}` : '';
      const where = ` (${error.where}${file}${test})`;
      details.push(`    ${error.name}: ${error.message.split('\n')[0]}${where}`);
      for (const line of error.stack) details.push(`        ${line}`);
    }
  }
  if (existsSync(file)) {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    const brokenFiles = (report.testResults ?? []).filter(
      (r) =>
        r.status === 'failed' && (r.assertionResults ?? []).every((a) => a.status !== 'failed'),
    );
    for (const r of brokenFiles.slice(0, 3)) {
      const first = String(r.message ?? '')
        .split('\n')[0]
        .slice(0, 200);
      reasons.push(`${path.relative(repoRoot, r.name)}: ${first}`);
    }
    if (report.success === true) reasons.push('its report says every test passed');
  } else {
    reasons.push('no report was written');
  }
  return { note: reasons.join('; '), details };
}

const stages = [];
function stage(name, fn) {
  console.log(`\n━━ ${name} ━━`);
  const started = Date.now();
  const outcome = fn();
  stages.push({ name, seconds: (Date.now() - started) / 1000, ...outcome });
}

stage('static checks (tsc, biome)', () => {
  const typecheck = run(process.execPath, ['scripts/typecheck.mjs']);
  const lint = run(bin('biome'), ['check', '.']);
  return { ok: typecheck === 0 && lint === 0, passed: 0, failed: 0 };
});

stage('unit and component tests (vitest)', () => {
  const report = path.join(resultsDir, 'unit.json');
  const runErrors = path.join(resultsDir, 'unit-run-errors.json');
  const { status, ending } = runWithOutcome(
    bin('vitest'),
    [
      'run',
      '--reporter=default',
      '--reporter=json',
      '--reporter=./scripts/lib/vitest-run-errors.mjs',
      `--outputFile.json=${report}`,
    ],
    { env: { ...process.env, VITEST_RUN_ERRORS_FILE: runErrors } },
  );
  const explained = explainFailure(status, ending, report, runErrors);
  return {
    ok: status === 0,
    ...countsFrom(report),
    ...explained,
    details: [...failedTests(report), ...(explained.details ?? [])],
  };
});

stage('server integration tests (SQLite, PostgreSQL, MariaDB, Redis)', () => {
  const status = run(process.execPath, ['scripts/test-server.mjs'], {
    env: { ...process.env, TEST_RESULTS_DIR: resultsDir },
  });
  const files = readdirSync(resultsDir).filter((file) => file.startsWith('server-'));
  const counts = files
    .map((f) => countsFrom(path.join(resultsDir, f)))
    .reduce((a, b) => ({ passed: a.passed + b.passed, failed: a.failed + b.failed }), {
      passed: 0,
      failed: 0,
    });
  const details = files.flatMap((f) =>
    failedTests(path.join(resultsDir, f), `${f.replace(/^server-|\.json$/g, '')}: `),
  );
  return { ok: status === 0, ...counts, details };
});

stage('console build', () => {
  const status = run(process.execPath, ['scripts/build-console.mjs']);
  return { ok: status === 0, passed: 0, failed: 0 };
});

stage('browser journeys (Playwright, Debian chromium)', () => {
  if (!ensureChromium()) {
    console.error('chromium is not available: the browser journeys did not run.');
    return { ok: !isCI, passed: 0, failed: 0, note: 'not run: no chromium' };
  }
  const report = path.join(resultsDir, 'e2e.json');
  const status = run(bin('playwright'), ['test', '-c', 'e2e/playwright.config.ts'], {
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: report },
  });
  return { ok: status === 0, ...countsFrom(report), details: failedTests(report) };
});

console.log('\n━━ summary ━━');
for (const s of stages) {
  const counts = s.passed || s.failed ? ` (${s.passed} passed, ${s.failed} failed)` : '';
  console.log(
    `${s.ok ? '✓' : '✗'} ${s.name}${counts} in ${s.seconds.toFixed(1)} s${s.note ? ` — ${s.note}` : ''}`,
  );
  for (const line of s.details ?? []) console.log(line);
}
const passed = stages.reduce((sum, s) => sum + s.passed, 0);
const failed = stages.reduce((sum, s) => sum + s.failed, 0);
const allOk = stages.every((s) => s.ok);
console.log(`${passed} passed, ${failed} failed`);
process.exit(allOk && failed === 0 ? 0 : 1);
