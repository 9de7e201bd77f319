import { BUNDLED_MOCK_USE, type BundledMockUse, VARIABLES } from '../../lib/config/variables.ts';
import { code, page, table } from './markdown.ts';

/** What each word of the last column means, keyed by the use so a new one cannot go unexplained. */
const USE_MEANS: Readonly<Record<BundledMockUse, string>> = {
  target: 'a host URL or the key pair of the company under test. With none of them set, a command starts the bundled mock.',
  mock: 'the bundled mock gives its own value; a value given is checked, then not used.',
  applies: 'applies to a run against the bundled mock as to any target.',
};

/** `docs/reference/variables.md`: every variable of lib/config/variables.ts, as the README's table shows it. */
export function variablesPage(): string {
  const rows = VARIABLES.map((v) => [code(v.name), v.meaning, 'default' in v && v.default !== '' ? code(v.default) : '', BUNDLED_MOCK_USE[v.bundledMock]]);
  const secrets = VARIABLES.filter((v) => 'secret' in v && v.secret).map((v) => code(v.name));
  return page([
    '# Variables',
    `This page lists every \`CC_*\` variable the tool reads: its meaning, its default, and what it does when the bundled mock stands in.`,
    'It is generated from [`lib/config/variables.ts`](../../lib/config/variables.ts) by `npm run docs`: edit that list, not this page.',
    'Environment variables win over the config file (`CC_CONFIG_FILE`). A bad value stops a command with one line naming the variable (exit code 2).',
    'The last column says what the variable does when no target is named and a command starts the bundled mock:',
    (Object.keys(USE_MEANS) as BundledMockUse[]).map((use) => `- ${code(BUNDLED_MOCK_USE[use])}: ${USE_MEANS[use]}`).join('\n'),
    table(['variable', 'meaning', 'default', 'with the bundled mock'], rows),
    `The secrets are never printed: wherever the configuration is shown, their value reads \`[redacted]\`. They are ${secrets.join(', ')}.`,
  ]);
}
