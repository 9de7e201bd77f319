import { beforeAll, describe, expect, test } from 'vitest';
import type { TlsMaterial } from '../../mock/http/front-door.ts';
import { selfSignedCertificate } from '../../mock/tls.ts';
import { ALL_CHECKS } from '../../suites/index.ts';
import { reportUnder } from '../proofs/prove.ts';
import { faultSpec } from '../../mock/faults/registry.ts';

/**
 * Evidence goes to its judge: where a stateful model sees a fact that is another rule's, it fails that rule on
 * the read that showed it. Each hand-over, run alone against a mock with a fault that breaks the named rule,
 * must fail that rule from the model's check, not merely leave its own rule unjudged.
 */
const HAND_OVERS = [
  { check: 'core.stateful.contacts', fault: 'edit-contact-overwrites-unsent', rule: 'CORE-CONTACT-EDIT-PARTIAL' },
  { check: 'core.stateful.contacts', fault: 'contacts-ignores-industry', rule: 'CORE-CONTACTS-FILTER-INDUSTRY' },
  { check: 'core.stateful.contacts', fault: 'contacts-cross-company-list', rule: 'CORE-ISOLATION-READ' },
  { check: 'core.stateful.blacklist', fault: 'blacklist-ignores-number', rule: 'CORE-BLACKLIST-FILTER-NUMBER' },
  { check: 'dialer.stateful.campaigns', fault: 'dialer-cursor-overlap', rule: 'DIALER-CURSOR-WALK' },
] as const;

let tls: TlsMaterial;
beforeAll(async () => {
  tls = await selfSignedCertificate();
});

describe.concurrent('a stateful model hands the facts of other rules to them', () => {
  test('every rule a check hands over is one it declares, and every hand-over is proved below', () => {
    const declared = ALL_CHECKS.flatMap((c) => (c.handsOver ?? []).map((rule) => `${c.id} ${rule}`)).sort();
    expect(declared).toEqual(HAND_OVERS.map((h) => `${h.check} ${h.rule}`).sort());
  });

  for (const { check, fault, rule } of HAND_OVERS) {
    test(`${check} fails ${rule} under ${fault}`, { timeout: 120_000 }, async () => {
      const spec = faultSpec(fault);
      expect(spec?.breaks).toBe(rule);
      const report = await reportUnder(
        spec!,
        tls,
        ALL_CHECKS.filter((c) => c.id === check),
      );
      const judged = report.rules.find((r) => r.id === rule);
      expect(judged?.checks, JSON.stringify(judged?.checks)).toEqual([{ check, status: 'fail', detail: expect.any(String) }]);
      expect(judged?.status).toBe('fail');
    });
  }

  test('where its fact is not broken, a rule handed over is not spoken of by the model: its own checks judge it', { timeout: 120_000 }, async () => {
    const report = await reportUnder(
      faultSpec('auth-401-body-wording')!,
      tls,
      ALL_CHECKS.filter((c) => c.id === 'core.stateful.contacts'),
    );
    for (const rule of ['CORE-CONTACT-EDIT-PARTIAL', 'CORE-CONTACTS-FILTER-INDUSTRY', 'CORE-ISOLATION-READ']) {
      expect(report.rules.find((r) => r.id === rule)?.checks).toEqual([]);
    }
    expect(report.rules.find((r) => r.id === 'CORE-STATE-FIELDS')?.status).toBe('pass');
  });
});
