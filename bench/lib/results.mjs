// Small helpers for benchmark scripts: medians and a results table per benchmark in bench/results.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// BENCH_RESULTS_DIR sends a smoke run's tables elsewhere, leaving the committed ones as they are.
const resultsDir =
  process.env.BENCH_RESULTS_DIR ??
  path.join(path.dirname(fileURLToPath(import.meta.url)), '../results');

export function median(values) {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * Writes bench/results/<name>.md: a dated Markdown table of one run; `notes` are paragraphs
 * after it (what was checked, the settings).
 */
export function writeResult(name, { runs, columns, rows, notes = [] }) {
  mkdirSync(resultsDir, { recursive: true });
  const lines = [
    `# ${name}`,
    '',
    `Run ${new Date().toISOString()} on ${process.platform}/${process.arch}, Node ${process.version}, median of ${runs}.`,
    '',
    `| ${columns.join(' | ')} |`,
    `| ${columns.map(() => '---').join(' | ')} |`,
    ...rows.map((row) => `| ${row.join(' | ')} |`),
    '',
    ...notes.flatMap((note) => [note, '']),
  ];
  writeFileSync(path.join(resultsDir, `${name}.md`), lines.join('\n'));
}
