import type { Target } from '../lib/config/target.ts';
import { HarnessError } from '../lib/errors.ts';
import { Redactor } from '../lib/http/redact.ts';
import { EXIT_CODE } from '../lib/exit-codes.ts';

/**
 * What a command prints. Every line passes through the credential redactor of its target (before a
 * target is known there is nothing to redact); a failure is one line on stderr and an exit code.
 */
export class CommandOutput {
  #redactor: Redactor | undefined;

  constructor(
    readonly name: string,
    /** Runs before an error line, so a live progress line ends first. */
    private readonly beforeError: () => void = () => undefined,
  ) {}

  redactFor(target: Pick<Target, 'keys'>): void {
    this.#redactor = new Redactor(target);
  }

  readonly scrub = (text: string): string => this.#redactor?.text(text) ?? text;

  readonly say = (text: string): void => {
    process.stdout.write(`${this.scrub(text)}\n`);
  };

  /** A line on stderr that does not stop the command. */
  readonly warn = (message: string): void => {
    process.stderr.write(`${this.name}: warning: ${this.scrub(message)}\n`);
  };

  readonly fail = (message: string, code: number = EXIT_CODE.harness): never => {
    this.beforeError();
    process.stderr.write(`${this.name}: ${this.scrub(message)}\n`);
    process.exit(code);
  };

  /** Runs the command and exits with its code; whatever it throws ends as one line and exit 2. */
  exitWith(main: () => Promise<number>): void {
    main().then(
      (code) => process.exit(code),
      (err) => this.fail(err instanceof HarnessError ? `${err.code}: ${err.message}` : ((err as Error).stack ?? String(err))),
    );
  }
}
