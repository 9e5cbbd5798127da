// Preloaded into a server process by an end-to-end test (spawnServer's clockStepMs option, test/helpers/start-server.ts): the
// process's Date.now runs SSO_TEST_CLOCK_STEP_MS ahead each time it receives SIGUSR2, so a test can
// let a login ticket or a code expire at once instead of sleeping through its lifetime. It
// answers each step with a line on stdout the test waits for. Never loaded by npm start.
const step = Number(process.env.SSO_TEST_CLOCK_STEP_MS);
if (!Number.isInteger(step) || step <= 0) throw new Error('movable-clock.mjs needs SSO_TEST_CLOCK_STEP_MS (a positive integer)');
const realNow = Date.now;
let offset = 0;
Date.now = () => realNow() + offset;
process.on('SIGUSR2', () => {
  offset += step;
  process.stdout.write(`test clock moved to +${offset} ms\n`);
});
