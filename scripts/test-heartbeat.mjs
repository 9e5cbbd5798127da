// Loaded into every test process by scripts/run-node-tests.mjs (`--import`). Every second it writes
// one byte to the pipe the runner names in SSO_TEST_HEARTBEAT_FD. The beat comes from a timer on the
// main thread, so it stops exactly when the main thread is blocked (not merely waiting on I/O): that
// is how the runner tells a deadlocked process from a slow or stuck test. Plain JavaScript on
// purpose: it loads before, and without, the TypeScript loader.
import fs from 'node:fs';

const fd = Number(process.env.SSO_TEST_HEARTBEAT_FD);
// Servers and CLIs the tests spawn inherit the environment, not the pipe: only this process beats.
delete process.env.SSO_TEST_HEARTBEAT_FD;

function isPipe(n) {
  try {
    const stat = fs.fstatSync(n);
    return stat.isFIFO() || stat.isSocket(); // Node's spawn hands pipes over as sockets
  } catch {
    return false;
  }
}

if (Number.isInteger(fd) && fd > 2 && isPipe(fd)) {
  const beat = setInterval(() => {
    try {
      fs.writeSync(fd, '.');
    } catch {
      clearInterval(beat); // the runner has gone
    }
  }, 1000);
  // The beat must never be what keeps a finished test process alive.
  beat.unref();
}
