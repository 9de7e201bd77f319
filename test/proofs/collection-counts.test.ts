import { beforeAll, describe, expect, test } from 'vitest';
import { faultSpec } from '../../mock/faults/registry.ts';
import type { TlsMaterial } from '../../mock/http/front-door.ts';
import { selfSignedCertificate } from '../../mock/tls.ts';
import { CORE_CHECKS } from '../../suites/core/index.ts';
import { reportUnder } from './prove.ts';

/** A short window: the whole core suite runs against each fault, paced as a live run is. */
const WINDOW_MS = 400;

/**
 * A collection the counting rules cannot build on fails the one rule that judges it; every rule that builds
 * on the collection is skipped with the reason, never failed as well.
 */
describe('a broken collection fails one rule, not every rule that counts on it', () => {
  let tls: TlsMaterial;
  beforeAll(async () => {
    tls = await selfSignedCertificate();
  });

  for (const name of ['collection-data-null-when-empty', 'items-count-page-only']) {
    test(
      name,
      async () => {
        const fault = faultSpec(name);
        if (!fault) throw new Error(`unknown fault ${name}`);
        const report = await reportUnder(fault, tls, CORE_CHECKS, WINDOW_MS);
        expect(report.rules.filter((r) => r.status === 'fail').map((r) => r.id)).toEqual([fault.breaks]);
        const skipped = report.rules.filter((r) => r.status === 'skipped');
        expect(skipped.length).toBeGreaterThan(0);
        for (const rule of skipped) expect(rule.detail, rule.id).toMatch(/collection envelope|not the total over all pages/);
      },
      120_000,
    );
  }
});
