import { describe, expect, test } from 'vitest';
import type { Evidence } from '../../lib/results/outcome.ts';
import { renderConsole } from '../../reporters/console.ts';
import { renderHtml } from '../../reporters/html.ts';
import { renderJunit } from '../../reporters/junit.ts';
import { TAG_404, evidence, fail, outcome, report, rules } from './fixtures.ts';

/** A stateful check's failure: its evidence carries the shortest failing sequence, which every view shows. */
const story: Evidence = {
  ...evidence(200),
  sequence: {
    steps: ['1. create contact 7: PUT /api/contacts/add.json → 201', '2. read the newest contact: GET /api/contacts/show/7.json → 200'],
    replay: `CC_SEQUENCE_REPLAY=core.stateful.contacts:${TAG_404}:11:0:1 npm run conformance -- --seed 424242 --rule ${TAG_404}`,
    script: '#!/bin/sh\nset -u\n# 1. create contact 7\nID1=$(curl -sS ...)\n',
  },
};

const failed = report([outcome('stateful', [fail(TAG_404, 'contact 7 shows title "a"', story)])], { rules: rules(TAG_404) });

describe('a failing sequence in the reports', () => {
  test('the rule rerun is the story replay, and the run verdict is still the one outcome', () => {
    const rule = failed.rules.find((r) => r.id === TAG_404);
    expect(rule?.reproduce?.rerun).toBe(story.sequence?.replay);
    expect(renderConsole(failed)).toMatch(/verdict: FAIL/);
  });

  test('console, HTML and JUnit show each step and the script', () => {
    const console = renderConsole(failed);
    expect(console).toContain('    the shortest failing sequence found:\n      1. create contact 7: PUT /api/contacts/add.json → 201');
    expect(console).toContain(`    rerun: ${story.sequence?.replay}`);
    expect(console).toContain('      ID1=$(curl -sS ...)');
    const html = renderHtml(failed);
    expect(html).toContain('<ol class="sequence"><li>create contact 7: PUT /api/contacts/add.json → 201</li>');
    expect(html).toContain('ID1=$(curl -sS ...)');
    const junit = renderJunit(failed);
    expect(junit).toContain('2. read the newest contact: GET /api/contacts/show/7.json → 200');
    expect(junit).toContain(`replay: ${story.sequence?.replay}`);
  });
});
