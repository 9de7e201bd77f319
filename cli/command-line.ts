import { parseArgs, type ParseArgsConfig } from 'node:util';

/**
 * A command's options, parsed strictly. A mistake ends the command through its `fail` with one line
 * that points to --help: parseArgs explains some mistakes over several lines, and every command's
 * error contract is one line.
 */
export function parseCommandLine<const T extends ParseArgsConfig>(config: T, fail: (message: string) => never): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs(config);
  } catch (err) {
    return fail(`${(err as Error).message.replace(/\s*\n\s*/g, ' ')} (see --help)`);
  }
}
