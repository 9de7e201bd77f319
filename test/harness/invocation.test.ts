import { afterEach, describe, expect, test, vi } from 'vitest';
import { INVOCATION_VARIABLE, invocationOf, type Subcommand, toolCommand } from '../../lib/invocation.ts';
import { type IntentEvent, leftoversOf } from '../../lib/ledger/ledger-file.ts';
import { rerunCommand } from '../../lib/results/report.ts';
import { renderConsole } from '../../reporters/console.ts';
import { renderHtml } from '../../reporters/html.ts';
import { evidence, fail, outcome, report, rules, TAG_404, target } from '../reporters/fixtures.ts';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('how the user called the tool', () => {
  test('the executable says installed or npx; anything else, or nothing, is a checkout', () => {
    expect(invocationOf({})).toBe('checkout');
    expect(invocationOf({ [INVOCATION_VARIABLE]: 'installed' })).toBe('installed');
    expect(invocationOf({ [INVOCATION_VARIABLE]: 'npx' })).toBe('npx');
    expect(invocationOf({ [INVOCATION_VARIABLE]: 'npm run conformance' })).toBe('checkout');
    // Not a CC_* setting: the variable a user might spell in upper case is not it.
    expect(invocationOf({ [INVOCATION_VARIABLE.toUpperCase()]: 'installed' })).toBe('checkout');
  });

  test('each subcommand in each form: its npm script in a checkout, the executable elsewhere', () => {
    const forms = (subcommand: Subcommand, args: string) =>
      (['checkout', 'installed', 'npx'] as const).map((how) => toolCommand(subcommand, args, { env: { [INVOCATION_VARIABLE]: how } }));
    expect(forms('run', '--seed 7 --rule X')).toEqual([
      'npm run conformance -- --seed 7 --rule X',
      'cc-conformance run --seed 7 --rule X',
      'npx cc-conformance run --seed 7 --rule X',
    ]);
    expect(forms('plan', '--verbose')).toEqual([
      'npm run conformance -- --plan --verbose',
      'cc-conformance plan --verbose',
      'npx cc-conformance plan --verbose',
    ]);
    expect(forms('plan', '')).toEqual(['npm run conformance -- --plan', 'cc-conformance plan', 'npx cc-conformance plan']);
    expect(forms('mock', '')).toEqual(['npm run mock', 'cc-conformance mock', 'npx cc-conformance mock']);
    for (const subcommand of ['cleanup', 'compare', 'load', 'k6', 'capacity', 'fingerprint'] as const)
      expect(forms(subcommand, '--help')).toEqual([
        `npm run ${subcommand} -- --help`,
        `cc-conformance ${subcommand} --help`,
        `npx cc-conformance ${subcommand} --help`,
      ]);
  });

  test('silent keeps npm quiet in a checkout and changes nothing elsewhere', () => {
    expect(toolCommand('mock', '', { silent: true, env: {} })).toBe('npm run --silent mock');
    expect(toolCommand('mock', '--live-like', { silent: true, env: {} })).toBe('npm run --silent mock -- --live-like');
    expect(toolCommand('mock', '', { silent: true, env: { [INVOCATION_VARIABLE]: 'installed' } })).toBe('cc-conformance mock');
  });

  test('without a stated env it reads this process: what bin/cc-conformance.js sets for the command it starts', () => {
    expect(toolCommand('cleanup', '--prefix P')).toBe('npm run cleanup -- --prefix P');
    vi.stubEnv(INVOCATION_VARIABLE, 'installed');
    expect(toolCommand('cleanup', '--prefix P')).toBe('cc-conformance cleanup --prefix P');
  });
});

describe('the commands a report prints follow the invocation', () => {
  const failing = () =>
    report([outcome('tags', [fail(TAG_404, 'expected 404, got 200', evidence(200))])], {
      rules: rules(TAG_404),
      // A configured target: records are left only on one that goes on after the run.
      target: target({ bundledMock: false }),
      runId: 'k3j9x2ab',
      prefix: 'cc-conformance-k3j9x2ab',
      ledger: 'reports/ledger-k3j9x2ab.jsonl',
      leftovers: [
        {
          kind: 'contact',
          surface: 'core',
          id: '7',
          name: 'cc-conformance-k3j9x2ab-0001',
          check: 'core.c',
          deletable: true,
          how: 'DELETE /contacts/delete/7.json',
        },
      ],
    });

  test('in a checkout: npm run', () => {
    const doc = failing();
    expect(rerunCommand(TAG_404, 424242)).toBe(`npm run conformance -- --seed 424242 --rule ${TAG_404}`);
    expect(doc.rules.find((r) => r.id === TAG_404)?.reproduce?.rerun).toBe(`npm run conformance -- --seed ${doc.seed} --rule ${TAG_404}`);
    expect(renderConsole(doc, { color: false })).toContain('  delete them: npm run cleanup -- --ledger reports/ledger-k3j9x2ab.jsonl');
  });

  test.each([
    ['installed', 'cc-conformance'],
    ['npx', 'npx cc-conformance'],
  ])('called as %s: the rerun line, the JSON field, the cleanup lines and the HTML page name %s', (how, executable) => {
    vi.stubEnv(INVOCATION_VARIABLE, how);
    const doc = failing();
    const rerun = `${executable} run --seed ${doc.seed} --rule ${TAG_404}`;
    expect(doc.rules.find((r) => r.id === TAG_404)?.reproduce?.rerun).toBe(rerun);
    const text = renderConsole(doc, { color: false });
    expect(text).toContain(`    rerun: ${rerun}`);
    expect(text).toContain(`  delete them: ${executable} cleanup --ledger reports/ledger-k3j9x2ab.jsonl   (or --prefix cc-conformance-k3j9x2ab)`);
    expect(text).not.toContain('npm run');
    const html = renderHtml(doc);
    expect(html).toContain(`<pre class="rerun">${rerun}</pre>`);
    expect(html).toContain(`<code>${executable} cleanup --prefix cc-conformance-k3j9x2ab</code>`);
    expect(html).not.toContain('npm run');
    // A create whose answer never came: the ledger says which command looks for it by name.
    const name = 'cc-conformance-k3j9x2ab-0003';
    const intent: IntentEvent = {
      event: 'intent',
      seq: 1,
      at: '2025-03-04T05:06:07.000Z',
      check: 'core.c',
      key: 'contact',
      kind: 'contact',
      surface: 'core',
      slot: 'primary',
      company: 'self',
      request: 'POST /contacts/add.json',
      name,
      findable: true,
    };
    const [left] = leftoversOf([{ intent, state: 'pending', name }]);
    expect(left?.how).toContain(`${executable} cleanup --ledger looks for it by name`);
  });
});
