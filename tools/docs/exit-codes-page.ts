import { COMMAND_EXITS, type CommandExits, EXIT_CODE, EXIT_CODE_MEANING, type ExitCodeName } from '../../lib/exit-codes.ts';
import { anchor, code, page, table } from './markdown.ts';

const heading = (c: CommandExits) => (c.script !== undefined ? `\`${c.command}\`: \`${c.script}\`` : `\`${c.command}\` itself`);

function commandSection(c: CommandExits): string {
  const gated = c.codes.some((e) => e.withExpect !== undefined);
  const rows = c.codes.map((e) => [
    code(String(EXIT_CODE[e.name])),
    code(e.name),
    e.meaning ?? 'not used without `--expect`',
    ...(gated ? [e.withExpect ?? ''] : []),
  ]);
  return page([`## ${heading(c)}`, table(['code', 'name', 'meaning', ...(gated ? ['with `--expect`'] : [])], rows), c.note]).trimEnd();
}

/** `docs/reference/exit-codes.md`: every code, then each command's codes, from lib/exit-codes.ts. */
export function exitCodesPage(): string {
  const names = Object.keys(EXIT_CODE) as ExitCodeName[];
  return page([
    '# Exit codes',
    "This page lists every exit code of the tool's commands, and what each code means for each command.",
    'It is generated from [`lib/exit-codes.ts`](../../lib/exit-codes.ts) by `npm run docs`: the commands exit with the constants of that file, so edit it, not this page.',
    'A checkout runs a command as `npm run <script>`; the installed tool as `cc-conformance <command>`. Every command exits 0 after `--help`. A second Ctrl-C quits a long command at once, with code 130.',
    '## Every code',
    table(
      ['code', 'name', 'in general'],
      names.map((name) => [code(String(EXIT_CODE[name])), code(name), EXIT_CODE_MEANING[name]]),
    ),
    '## By command',
    COMMAND_EXITS.map((c) => `- [${heading(c)}](#${anchor(heading(c))})`).join('\n'),
    ...COMMAND_EXITS.map(commandSection),
  ]);
}
