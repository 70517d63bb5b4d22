// Samples the CPU of the process it is loaded into and writes a .cpuprofile when the process
// ends (exit or SIGTERM), for the relay benchmark's gateway (Node refuses --cpu-prof in
// NODE_OPTIONS):
//   SWITCHYARD_NODE_OPTIONS="--require $PWD/bench/relay/cpu-profile.cjs" \
//   CPU_PROFILE_DIR=/tmp/prof CPU_PROFILE_DELAY_MS=8000 node bench/relay/relay-bench.mjs
// The delay skips start-up; open the file in Chrome DevTools or speedscope. With
// CPU_PROFILE_ON_SIGNAL=1 sampling starts when the process gets SIGUSR2 instead (a driver sends it
// after its warm-up requests: `kill -USR2 <pid>`), which isolates a steady state.
const fs = require('node:fs');
const inspector = require('node:inspector');
const path = require('node:path');

const dir = process.env.CPU_PROFILE_DIR ?? '.';
const session = new inspector.Session();
session.connect();
session.post('Profiler.enable');
session.post('Profiler.setSamplingInterval', { interval: 200 });
const start = () => session.post('Profiler.start');
if (process.env.CPU_PROFILE_ON_SIGNAL === '1') process.once('SIGUSR2', start);
else setTimeout(start, Number(process.env.CPU_PROFILE_DELAY_MS ?? 0)).unref();

let written = false;
const write = () => {
  if (written) return;
  written = true;
  // The main-thread session answers synchronously, so this works inside 'exit' too.
  session.post('Profiler.stop', (error, result) => {
    if (error) return;
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, `${process.pid}.cpuprofile`), JSON.stringify(result.profile));
  });
};
process.on('exit', write);
process.prependListener('SIGTERM', write);
