/**
 * Run as a process of its own by k6-signals.test.ts: cc-k6's handling of signals (onInterrupt around
 * runK6, as in cli/k6.ts) driving the executable given as the first argument in place of k6, so the
 * test can use a stand-in that ignores SIGINT, as a k6 stuck in its shutdown would.
 */
import { onInterrupt } from '../../cli/interrupt.ts';
import { runK6 } from '../../cli/k6-process.ts';

const [binary] = process.argv.slice(2);
if (binary === undefined) throw new Error('usage: k6-signals-child.ts BINARY');
const stop = onInterrupt({ exitCode: 130, onFirst: () => process.stdout.write('stopping\n') });
const code = await runK6({
  binary,
  args: [],
  env: process.env,
  cwd: process.cwd(),
  scrub: (t) => t,
  stdout: process.stdout,
  stderr: process.stderr,
  signal: stop,
});
process.stdout.write(`k6 exited ${code}\n`);
process.exit(code);
