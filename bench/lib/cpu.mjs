// CPU time of another process (the gateway under test) from /proc, and the machine's load, which
// every result states: the bench machine is shared, and numbers only compare within one run.
import { readFileSync } from 'node:fs';
import os from 'node:os';

/** Linux reports utime and stime in clock ticks of 1/100 s (USER_HZ) on every common build. */
const CLOCK_TICK_MS = 10;

/** User + system CPU time of a process so far, in ms (NaN when there is no pid, e.g. in-process). */
export function cpuMs(pid) {
  if (!pid) return Number.NaN;
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name may hold spaces and parentheses: the fields start after its last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * CLOCK_TICK_MS;
}

/** Runs `work` and answers its result with the CPU ms the process `pid` spent meanwhile. */
export async function cpuDuring(pid, work) {
  const before = cpuMs(pid);
  const result = await work();
  return { result, cpuMs: cpuMs(pid) - before };
}

/** The 1-minute load average, two decimals. */
export function loadAverage() {
  return os.loadavg()[0].toFixed(2);
}

/** "load average 3.10 → 4.25 on 2 cores": what a result file says about the machine. */
export function loadSpan(before, after = loadAverage()) {
  return `load average ${before} → ${after} on ${os.cpus().length} cores`;
}
