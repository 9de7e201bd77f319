import { describe, expect, test } from 'vitest';
import { type IntentEvent, type LedgerRecord, leftoversOf } from '../../lib/ledger/ledger-file.ts';
import { renderConsole } from '../../reporters/console.ts';
import { renderHtml } from '../../reporters/html.ts';
import { renderJunit } from '../../reporters/junit.ts';
import { renderSummaryMarkdown } from '../../reporters/summary-md.ts';
import { fail, outcome, report, rules, target } from './fixtures.ts';

/**
 * The Dialer lives under /dialer on the AI host, with a budget of its own: every view names what is the
 * Dialer's `dialer`, as the rules are grouped, and never by its host `ai`.
 */

const DIALER_RULE = 'DIALER-NAME-WHITESPACE-400';

/** A record as the ledger holds it once the run deleted it (or could not): the intent names the host, as the request went out. */
function record(intent: Pick<IntentEvent, 'check' | 'key' | 'kind' | 'request'> & Partial<IntentEvent>, id: string): LedgerRecord {
  return {
    intent: { event: 'intent', seq: 1, at: '2025-03-04T05:06:07.000Z', surface: 'ai', company: 'self', findable: true, ...intent },
    state: intent.kept !== undefined ? 'deleted' : 'created',
    id,
    ...(intent.name !== undefined ? { name: intent.name } : {}),
  };
}

const LEFT = leftoversOf([
  record(
    {
      check: 'dialer.campaigns.lifecycle',
      key: 'dialer-campaign',
      kind: 'Dialer campaign',
      request: 'POST /dialer/campaigns',
      name: 'cc-conformance-r9-0001',
      kept: 'deleted: the API keeps a deleted campaign',
    },
    '42',
  ),
  record({ check: 'ai.va.create', key: 'voice-agent', kind: 'voice agent', request: 'POST /voice-agent/agents', undeletable: 'no delete' }, 'va-1'),
]);

describe('the Dialer is named as itself, never by its host', () => {
  test("a Dialer record the run left is the Dialer's in the report; a record of the rest of the AI host stays the host's", () => {
    expect(LEFT.map((l) => [l.kind, l.surface])).toEqual([
      ['Dialer campaign', 'dialer'],
      ['voice agent', 'ai'],
    ]);
  });

  const doc = report([outcome('dialer.campaigns.blank-name', [fail(DIALER_RULE, 'answered 201')], { surface: 'ai', lane: 'dialer' })], {
    rules: rules(DIALER_RULE),
    target: target({ bundledMock: false }),
    prefix: 'cc-conformance-r9',
    ledger: 'reports/ledger-r9.jsonl',
    leftovers: LEFT,
  });

  test('the console groups its rule under Dialer and lists its record as a Dialer campaign', () => {
    const text = renderConsole(doc);
    expect(text).toMatch(/^Dialer: 0\/1 rules pass$/m);
    expect(text).toContain('  Dialer campaign (id 42, cc-conformance-r9-0001) from dialer.campaigns.lifecycle: deleted: the API keeps a deleted campaign');
    expect(text).not.toMatch(/^ai: /m);
  });

  test("the HTML's leftovers table and rule sections name it Dialer", () => {
    const html = renderHtml(doc);
    expect(html).toContain('<tr><td>Dialer campaign</td><td>Dialer</td><td>42</td>');
    expect(html).toContain('<tr><td>voice agent</td><td>AI host</td><td>va-1</td>');
    expect(html).toContain('<div data-section="dialer"><h2>Dialer</h2>');
    expect(html).toContain(`data-rule="${DIALER_RULE}" data-status="fail" data-surface="dialer"`);
    expect(html).not.toContain('data-surface="ai"');
  });

  test('JUnit and summary.md: its testsuite is dialer, its class cc.dialer.*', () => {
    const junit = renderJunit(doc);
    expect(junit).toMatch(/<testsuite name="dialer"/);
    expect(junit).toMatch(/classname="cc\.dialer\./);
    expect(junit).not.toMatch(/name="ai"|cc\.ai\./);
    expect(renderSummaryMarkdown(doc)).not.toMatch(/\bai\b/);
  });
});
