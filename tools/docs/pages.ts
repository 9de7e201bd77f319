import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { exitCodesPage } from './exit-codes-page.ts';
import { page } from './markdown.ts';
import { rulesPage } from './rules-page.ts';
import { variablesPage } from './variables-page.ts';

/** The project's root: the pages are written below it, and prettier reads its configuration there. */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const REFERENCE_DIR = 'docs/reference';

interface ReferencePage {
  readonly file: string;
  readonly title: string;
  /** What the reader finds there, for the index. */
  readonly summary: string;
  /** How it is rendered from the code; absent for the page written by hand. */
  readonly render?: () => string;
  /** What holds the page to the code. */
  readonly heldBy: string;
}

export const PAGES: readonly ReferencePage[] = [
  {
    file: 'variables.md',
    title: 'Variables',
    summary: 'every `CC_*` variable, with its meaning, its default and what it does when the bundled mock stands in',
    render: variablesPage,
    heldBy: 'generated from `lib/config/variables.ts`',
  },
  {
    file: 'rules.md',
    title: 'Rules',
    summary: "every rule of the catalogue by spec section, with the mock's faults that prove it and its reading, then the gaps",
    render: rulesPage,
    heldBy: 'generated from `lib/rules/` and `mock/faults/`',
  },
  {
    file: 'exit-codes.md',
    title: 'Exit codes',
    summary: 'every exit code of every command, and what it means there',
    render: exitCodesPage,
    heldBy: 'generated from `lib/exit-codes.ts`',
  },
  {
    file: 'reports.md',
    title: 'Reports',
    summary: 'the files a run writes, every key of `conformance.json` and `compare.json`, JUnit, HTML, `summary.md` and the curl lines',
    heldBy: 'written by hand; `test/reporters/docs.test.ts` holds its tables to the report types',
  },
];

function indexPage(): string {
  return page([
    '# Reference',
    'This page lists the reference pages of the tool, one line each.',
    'Each page is held to the code: a test fails when a generated page is out of date, and `npm run docs` writes them again.',
    PAGES.map((p) => `- [${p.title}](${p.file}): ${p.summary} (${p.heldBy}).`).join('\n'),
  ]);
}

/** Formats a page as `prettier --check` wants it, with the options the project gives that file. */
async function formatted(path: string, markdown: string): Promise<string> {
  const file = join(ROOT, path);
  return format(markdown, { ...(await resolveConfig(file)), filepath: file });
}

/** Every generated page, by its path from the root, formatted as written to disk. */
export async function generatedPages(): Promise<Map<string, string>> {
  const rendered: [string, string][] = [
    ...PAGES.flatMap((p) => (p.render ? [[`${REFERENCE_DIR}/${p.file}`, p.render()] as [string, string]] : [])),
    [`${REFERENCE_DIR}/README.md`, indexPage()],
  ];
  return new Map(await Promise.all(rendered.map(async ([path, markdown]) => [path, await formatted(path, markdown)] as const)));
}
