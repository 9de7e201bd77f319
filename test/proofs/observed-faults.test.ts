import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { trafficTarget } from '../../lib/config/load.ts';
import type { Exchange } from '../../lib/http/exchange.ts';
import { harEntry, harLog } from '../../lib/http/har.ts';
import { Redactor } from '../../lib/http/redact.ts';
import type { RuleId } from '../../lib/rules/index.ts';
import { OBSERVABLE_FROM_TRAFFIC } from '../../lib/rules/traffic.ts';
import { FAULTS } from '../../mock/faults/registry.ts';
import type { TlsMaterial } from '../../mock/http/front-door.ts';
import { selfSignedCertificate } from '../../mock/tls.ts';
import { ALL_CHECKS } from '../../suites/index.ts';
import { observedFiles } from '../../suites/traffic/report.ts';
import { reportUnder } from './prove.ts';

/**
 * Observing a fault and running against it fail the same observable rules: for every fault of the mock whose
 * rule the catalogue marks observable from traffic, the HAR of a run against it (the checks of that rule),
 * observed, fails that rule. The budget faults run the budget check, whose windows make them the slowest.
 */
const OBSERVABLE_FAULTS = FAULTS.filter((fault) => OBSERVABLE_FROM_TRAFFIC[fault.breaks] !== undefined);

let tls: TlsMaterial;
let dir: string;
beforeAll(async () => {
  tls = await selfSignedCertificate();
  dir = mkdtempSync(join(tmpdir(), 'cc-observed-faults-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.concurrent('a fault observed in the HAR of a run against it fails its rule', () => {
  test('every observable rule has a fault of the mock to prove it', () => {
    const proved = new Set(OBSERVABLE_FAULTS.map((fault) => fault.breaks));
    expect(Object.keys(OBSERVABLE_FROM_TRAFFIC).filter((rule) => !proved.has(rule as RuleId))).toEqual([]);
  });

  for (const fault of OBSERVABLE_FAULTS) {
    test(`${fault.name} → ${fault.breaks} fails from traffic`, async () => {
      const exchanges: Exchange[] = [];
      const run = await reportUnder(
        fault,
        tls,
        ALL_CHECKS.filter((check) => check.rules.includes(fault.breaks)),
        undefined,
        {},
        (ex) => exchanges.push(ex),
      );
      const har = join(dir, `${fault.name}.har`);
      writeFileSync(har, JSON.stringify(harLog(exchanges.map(harEntry))));
      const urls = run.target.urls;
      const target = trafficTarget({
        ...(urls.core ? { CC_BASE_URL: urls.core } : {}),
        ...(urls.ai ? { CC_AI_URL: urls.ai } : {}),
        ...(urls.analytics ? { CC_ANALYTICS_URL: urls.analytics } : {}),
        ...(urls.cuecard ? { CC_CUECARD_URL: urls.cuecard } : {}),
        ...(fault.release ? { CC_DIALER_RELEASE: fault.release } : {}),
      });
      const { report } = await observedFiles([har], target, { redactor: new Redactor(target), salt: 'proof' });
      const result = report.rules.find((rule) => rule.id === fault.breaks);
      expect(result?.status, `${fault.breaks} observed ${result?.status}: ${result?.detail ?? ''}`).toBe('fail');
      // One fact, one judge: no rule the run judged and passed fails from the same traffic.
      const passed = new Set(run.rules.filter((rule) => rule.status === 'pass').map((rule) => rule.id));
      expect(report.rules.filter((rule) => rule.status === 'fail' && passed.has(rule.id)).map((rule) => `${rule.id}: ${rule.detail ?? ''}`)).toEqual([]);
    });
  }
});
