/**
 * The values a script's options are built from, carried in the options themselves. `k6 archive` keeps
 * the options as they were built, while the script's init code runs again with the environment of the
 * run: a pod given another CC_SCENARIO or CC_RATE_WINDOW_MS would send one test's schedule and judge it
 * by another's thresholds. So the options carry their values as tags, and setup() refuses a run whose
 * environment says otherwise. A plain `k6 run` of the source builds its options from its own
 * environment, so the two always agree there.
 */
import exec from 'k6/execution';

const PREFIX = 'cc_built_';

/** The tags that carry `values` (variable name to the value the options were built with). */
export function builtWithTags(values: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).map(([name, value]) => [`${PREFIX}${name}`, value]));
}

/** Aborts the run, in one line, when the options it runs with were built with other values than `values`. */
export function refuseOtherEnvironment(values: Readonly<Record<string, string>>): void {
  const built = (exec.test.options.tags ?? {}) as Record<string, string | undefined>;
  const differ = Object.entries(values).filter(([name, value]) => built[`${PREFIX}${name}`] !== undefined && built[`${PREFIX}${name}`] !== value);
  if (differ.length === 0) return;
  const was = differ.map(([name]) => `${name}=${built[`${PREFIX}${name}`]}`).join(' ');
  const is = differ.map(([name, value]) => `${name}=${value}`).join(' ');
  exec.test.abort(
    `this test was built (k6 archive) with ${was}, but its environment says ${is}: build the archive again with -e for the values wanted, or leave them out of the run's environment`,
  );
}
