/**
 * How the user called this tool, and a command of it written the same way. In a checkout the commands
 * are npm scripts (`npm run conformance -- --seed 7`); where the package is installed they are
 * subcommands of its executable (`cc-conformance run --seed 7`), which has no npm scripts to run.
 * bin/cc-conformance.js tells the command it starts through one environment variable; the npm scripts
 * set none. Every command the tool prints for the user to run is written by `toolCommand`.
 */

/** The subcommands of the installed executable (bin/cc-conformance.js). */
export type Subcommand = 'run' | 'plan' | 'mock' | 'cleanup' | 'compare' | 'observe' | 'load' | 'k6' | 'capacity' | 'fingerprint';

/**
 * Set by bin/cc-conformance.js for the command it starts, and inherited by that command's worker thread.
 * Lower case, so it is no `CC_*` setting: nothing reads it from the config file, and no one need set it.
 */
export const INVOCATION_VARIABLE = 'cc_conformance_invocation';

/**
 * `checkout`: an npm script of the project; `installed`: the executable, called by its name; `npx`: the
 * executable, called through npx (or npm exec), which finds it in the folder's node_modules.
 */
export const INVOCATIONS = ['checkout', 'installed', 'npx'] as const;
export type Invocation = (typeof INVOCATIONS)[number];

type Env = Readonly<Record<string, string | undefined>>;

/** How this process was called; anything but a value the executable sets reads as a checkout's npm script. */
export function invocationOf(env: Env = process.env): Invocation {
  const value = env[INVOCATION_VARIABLE];
  return value === 'installed' || value === 'npx' ? value : 'checkout';
}

/** Each subcommand's npm script in a checkout, and what the script's command line starts with. */
const NPM_SCRIPT: Readonly<Record<Subcommand, { readonly script: string; readonly args?: string }>> = {
  run: { script: 'conformance' },
  plan: { script: 'conformance', args: '--plan' },
  mock: { script: 'mock' },
  cleanup: { script: 'cleanup' },
  compare: { script: 'compare' },
  observe: { script: 'observe' },
  load: { script: 'load' },
  k6: { script: 'k6' },
  capacity: { script: 'capacity' },
  fingerprint: { script: 'fingerprint' },
};

const EXECUTABLE: Readonly<Record<Exclude<Invocation, 'checkout'>, string>> = { installed: 'cc-conformance', npx: 'npx cc-conformance' };

export interface ToolCommandOptions {
  /** In a checkout, `npm run --silent`: npm's own header lines stay out of what the command prints. */
  readonly silent?: boolean;
  readonly env?: Env;
}

/**
 * A command of this tool as the user would type it where they called it: `npm run conformance -- --seed 7`
 * in a checkout, `cc-conformance run --seed 7` where the package is installed. `args` is written as
 * given, after the subcommand: quoting is the caller's.
 */
export function toolCommand(subcommand: Subcommand, args = '', options: ToolCommandOptions = {}): string {
  const invocation = invocationOf(options.env);
  if (invocation !== 'checkout') return [EXECUTABLE[invocation], subcommand, args].filter((part) => part !== '').join(' ');
  const { script, args: first } = NPM_SCRIPT[subcommand];
  const rest = [first ?? '', args].filter((part) => part !== '').join(' ');
  return `npm run ${options.silent === true ? '--silent ' : ''}${script}${rest === '' ? '' : ` -- ${rest}`}`;
}
