import { beforeAll, describe, expect, test } from 'vitest';
import { FAULTS } from '../../mock/faults/registry.js';
import type { TlsMaterial } from '../../mock/http/front-door.js';
import { selfSignedCertificate } from '../../mock/tls.js';
import { prove } from './prove.js';

// One certificate for every proof mock in this file: generating one per fault would cost more than the proofs.
let tls: TlsMaterial;
beforeAll(async () => {
  tls = await selfSignedCertificate();
});

describe.concurrent('every fault makes the suite report its rule failed', () => {
  for (const fault of FAULTS) {
    test(`${fault.name} → ${fault.breaks} fails`, async () => {
      const result = await prove(fault, tls);
      expect(result.status, `${fault.breaks} was reported ${result.status}: ${result.detail ?? ''}`).toBe('fail');
    });
  }
});
