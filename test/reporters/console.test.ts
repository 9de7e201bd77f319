import { describe, expect, test } from 'vitest';
import { renderConsole } from '../../reporters/console.ts';
import {
  ANALYTICS_RULE,
  ISOLATION_READ,
  KEY_SCOPE,
  PAST_LAST,
  TAG_200,
  TAG_404,
  error,
  evidence,
  fail,
  outcome,
  pass,
  report,
  rules,
  skip,
  target,
} from './fixtures.ts';

const SMS = 'CORE-SMS-403-FUNDS';
const catalogue = [...rules(TAG_404, TAG_200, PAST_LAST, KEY_SCOPE, ISOLATION_READ, SMS, 'CORE-RATE-60'), ANALYTICS_RULE];

function mixed(problems: string[] = []) {
  return report(
    [
      outcome('tags', [fail(TAG_404, "expected 404 'Not found.', got 200", evidence(200, '{"responseData":{"status":200}}')), pass(TAG_200)], {
        requests: 6,
        leftovers: ['tag 4711'],
      }),
      outcome('paging', [pass(PAST_LAST, ['past the last page: 200 with empty data'])], { requests: 3 }),
      outcome('scope', [skip(KEY_SCOPE, 'needs CC_KEY2_ID')], { requests: 0 }),
      outcome('isolation', [fail(ISOLATION_READ, 'other company read contact 12')], { requests: 2 }),
      outcome('sms', [error(SMS, 'CC_ERR_TRANSPORT: socket hang up')], { requests: 1, leftovers: ['contact 99'] }),
      outcome('analytics', [pass(ANALYTICS_RULE.id)], { surface: 'analytics', requests: 1 }),
    ],
    { rules: catalogue, selected: new Set(catalogue.map((r) => r.id).filter((id) => id !== 'CORE-RATE-60')), problems },
  );
}

/** The block a failing or erroring rule prints, from its heading to the next blank line. */
function block(text: string, id: string): string {
  const start = text.split('\n\n').find((part) => new RegExp(`^(FAIL|ERR ) ${id}: `).test(part));
  if (!start) throw new Error(`no block for ${id}`);
  return start;
}

describe('renderConsole', () => {
  test('one summary line per surface, counting passes, rules and those disabled', () => {
    const lines = renderConsole(mixed()).split('\n');
    expect(lines.filter((l) => /^[^:]+: \d+\/\d+ rules pass/.test(l))).toEqual([
      'core API: 2/7 rules pass (1 skipped, 1 disabled)',
      'analytics: 1/1 rules pass',
    ]);
  });

  test('a failure prints statement, spec section, reading, violation, request with body and response with headers and body', () => {
    const text = renderConsole(mixed());
    expect(block(text, TAG_404).split('\n')).toEqual([
      `FAIL ${TAG_404}: Deleting an unknown tag answers 404 'Not found.'.`,
      '    spec: Endpoints > Core API > Delete a tag',
      "    violation: expected 404 'Not found.', got 200",
      '    request: DELETE https://127.0.0.1:7443/api/tags/delete/999999.json (primary key)',
      '      {"name":"x"}',
      '    response: 200 content-type: application/json',
      '      {"responseData":{"status":200}}',
      `    replay: curl -sS -i -X DELETE \${CC_CA_FILE:+--cacert "$CC_CA_FILE"} 'https://127.0.0.1:7443/api/tags/delete/999999.json' -H 'accept: application/json' -u "$CC_KEY_ID:$CC_KEY_SECRET" --data-binary '{"name":"x"}'`,
      `    rerun: npm run conformance -- --seed 424242 --rule ${TAG_404}`,
    ]);
    const isolation = block(text, ISOLATION_READ);
    expect(isolation).toContain('    reading: Authentication 6 gives 401 to credentials of another project. Authentication 3 says');
    expect(isolation).toContain('    violation: other company read contact 12');
    // No evidence was given, so no request line may be invented; the rerun needs none.
    expect(isolation).not.toContain('request:');
    expect(isolation).not.toContain('replay:');
    expect(isolation).toContain(`    rerun: npm run conformance -- --seed 424242 --rule ${ISOLATION_READ}`);
  });

  test('an error says harness error, and a vendor-reference rule says where its path comes from', () => {
    const sms = block(renderConsole(mixed()), SMS);
    expect(sms).toContain('    harness error: CC_ERR_TRANSPORT: socket hang up');
    expect(sms).toContain('    spec: Endpoints > Core API > Action endpoints (POST) (path or fields from the vendor reference)');
  });

  test('a multi-line body is indented line by line under its request or response', () => {
    const r = report([outcome('x', [fail(TAG_404, 'bad', { ...evidence(500, 'line one\nline two'), request: { ...evidence().request, body: 'a\nb' } })])], {
      rules: rules(TAG_404),
    });
    expect(block(renderConsole(r), TAG_404)).toContain(
      '(primary key)\n      a\n      b\n    response: 500 content-type: application/json\n      line one\n      line two',
    );
  });

  test('a skip a setting would judge is counted in its group, not listed; passing and disabled rules only with verbose', () => {
    const quiet = renderConsole(mixed());
    expect(quiet).not.toContain(`  SKIP ${KEY_SCOPE}`);
    expect(quiet).toContain(`Not judged, and what would judge them:\n  set CC_KEY2_ID and CC_KEY2_SECRET (1): ${KEY_SCOPE}`);
    expect(quiet).not.toMatch(/PASS/);
    expect(quiet).not.toContain('OFF ');
    const verbose = renderConsole(mixed(), { verbose: true });
    expect(verbose).toContain(`  PASS ${TAG_200}`);
    expect(verbose).toContain(`  PASS ${PAST_LAST} (observed)`);
    expect(verbose).toContain(`  PASS ${ANALYTICS_RULE.id}`);
    expect(verbose).toContain('  OFF  CORE-RATE-60 — not selected in this run');
    expect(verbose).toContain(`  SKIP ${KEY_SCOPE} — needs CC_KEY2_ID`);
  });

  test('rules that did not pass are listed under their surface even without verbose', () => {
    const lines = renderConsole(mixed()).split('\n');
    const core = lines.indexOf('core API: 2/7 rules pass (1 skipped, 1 disabled)');
    expect(lines.slice(core + 1, core + 4)).toEqual([`  FAIL ${TAG_404}`, `  FAIL ${ISOLATION_READ}`, `  ERR  ${SMS}`]);
  });

  test('a rule skipped for a reason of its own is listed with it, and its group points there', () => {
    const why = 'the target answered the list with 500, so no contact could be found';
    const text = renderConsole(report([outcome('a', [pass(TAG_404), skip(TAG_200, why)])], { rules: rules(TAG_404, TAG_200) }));
    expect(text).toContain(`  SKIP ${TAG_200} — ${why}`);
    expect(text).toContain(`  other reasons (each rule says why above) (1): ${TAG_200}`);
  });

  test('leftovers and harness problems are listed', () => {
    const text = renderConsole(mixed(['suites/core/tags.test.ts: SyntaxError: Unexpected token', 'unhandled: boom']));
    expect(text).toContain('Harness problems:\n  suites/core/tags.test.ts: SyntaxError: Unexpected token\n  unhandled: boom');
    expect(text).toContain('Cleanup steps that failed:\n  tags: tag 4711\n  sms: contact 99');
    expect(renderConsole(report([outcome('a', [pass(TAG_404)])], { rules: rules(TAG_404) }))).not.toMatch(/Harness problems|Cleanup steps|Left on the target/);
  });

  test('records left on the target: a line each, deletable apart from the rest, with the cleanup command', () => {
    const text = renderConsole(
      report([outcome('a', [pass(TAG_404)])], {
        rules: rules(TAG_404),
        target: target({ bundledMock: false }),
        runId: 'k3j9x2ab',
        prefix: 'cc-conformance-k3j9x2ab',
        ledger: 'reports/ledger-k3j9x2ab.jsonl',
        leftovers: [
          {
            kind: 'voice agent',
            surface: 'ai',
            id: 'va1',
            name: 'cc-conformance-k3j9x2ab-0002',
            check: 'ai.va',
            deletable: false,
            how: 'the API has no delete for voice agents',
          },
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
      }),
    );
    expect(text).toContain(
      [
        'Left on the target, deletable (1):',
        '  contact (id 7, cc-conformance-k3j9x2ab-0001) from core.c: DELETE /contacts/delete/7.json',
        '  delete them: npm run cleanup -- --ledger reports/ledger-k3j9x2ab.jsonl   (or --prefix cc-conformance-k3j9x2ab)',
        '',
        'Left on the target, not deletable through the API (1):',
        '  voice agent (id va1, cc-conformance-k3j9x2ab-0002) from ai.va: the API has no delete for voice agents',
      ].join('\n'),
    );
    expect(text).toMatch(/records left: 2; seed: \d+; run k3j9x2ab;/);
  });

  test('totals give counts, requests, unplanned 429s, seed, duration and the verdict', () => {
    const lines = renderConsole(mixed()).split('\n');
    expect(lines.slice(-3)).toEqual([
      'rules: 3 pass, 2 fail, 0 blocked, 1 skipped, 1 error, 1 disabled (required: 2 pass, 2 fail, 0 blocked, 1 skipped, 1 error, 1 disabled)',
      expect.stringMatching(
        /^gaps reported: \d+; checks: 6; requests: 13; unplanned 429s: 0; 503s retried: 0; records left: 0; seed: 424242; run unnamed; 1\.2 s$/,
      ),
      'verdict: FAIL',
    ]);
  });

  test('no ANSI codes unless color is asked for, and then the marks and verdict are colored', () => {
    for (const options of [{}, { color: false }, { color: false, verbose: true }]) expect(renderConsole(mixed(), options)).not.toContain('\u001b');
    const colored = renderConsole(mixed(), { color: true });
    expect(colored).toContain(`\u001b[31mFAIL\u001b[0m ${TAG_404}`);
    expect(renderConsole(mixed(), { color: true, verbose: true })).toContain(`\u001b[33mSKIP\u001b[0m ${KEY_SCOPE}`);
    expect(colored).toContain('verdict: \u001b[31mFAIL\u001b[0m');
  });

  test('a clean run prints no failure section and a PASS verdict', () => {
    const text = renderConsole(report([outcome('a', [pass(TAG_404), pass(TAG_200)])], { rules: rules(TAG_404, TAG_200) }));
    expect(text).not.toContain('Failures and errors:');
    expect(text.endsWith('verdict: PASS')).toBe(true);
  });

  test('the bundled mock is gone when the run ends: its records are counted, never listed as left', () => {
    const leftover = { kind: 'contact', surface: 'core', id: '7', check: 'core.c', deletable: true, how: 'DELETE /contacts/delete/7.json' };
    const text = renderConsole(report([outcome('a', [pass(TAG_404)])], { rules: rules(TAG_404), leftovers: [leftover] }));
    expect(text).not.toContain('Left on the target');
    expect(text).toContain('Records left: none (the bundled mock held 1 at the end, and it has stopped).');
  });

  test('an incomplete run says what each group of skipped rules needs, and how to write expectations', () => {
    const text = renderConsole(
      report([outcome('a', [pass(TAG_404), skip(TAG_200, 'needs CC_KEY2_ID: a second key pair')])], { rules: rules(TAG_404, TAG_200) }),
    );
    expect(text).toContain(`Not judged, and what would judge them:\n  set CC_KEY2_ID and CC_KEY2_SECRET (1): ${TAG_200}`);
    expect(text).toContain('to gate on what this target gives today: npm run conformance -- --write-expectations cc-expectations.json');
    expect(text.split('\n').at(-1)).toBe('verdict: INCOMPLETE');
  });
});
