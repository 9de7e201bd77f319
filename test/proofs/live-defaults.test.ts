import { beforeAll, describe, expect, test } from 'vitest';
import { Session } from '../../lib/checks/session.ts';
import { runChecks } from '../../lib/checks/runner.ts';
import { targetFromSettings } from '../../lib/config/load.ts';
import { KEY_SLOT_VARIABLE, KEY_SLOTS, type KeySlot, secretVariable } from '../../lib/contract/vocabulary.ts';
import { buildReport } from '../../lib/results/report.ts';
import { faultSpec } from '../../mock/faults/registry.ts';
import type { TlsMaterial } from '../../mock/http/front-door.ts';
import { startMock } from '../../mock/start.ts';
import { selfSignedCertificate } from '../../mock/tls.ts';
import { ALL_CHECKS } from '../../suites/index.ts';
import { PROOF_SEED, PROOF_WINDOW_MS } from './prove.ts';

/**
 * A green gate can be trusted on a live account too: each breach a failure used to hide, or a sample used to
 * miss, fails its own rule in a run against the mock as a configured target with a live target's defaults
 * (the configured-target defaults of sequences and fuzz draws, one key pair and no effect, beyond the key pairs
 * and effects the rule's own checks need), not only against the bundled mock with everything switched on.
 */
const FAULTS = [
  // a failure no longer hides its check's other rules
  'auth-missing-accepted',
  'auth-401-body-wording',
  // read-backs compare every field
  'edit-contact-clears-unsent-website',
  'edit-contact-drops-unsent-external-urls',
  'dialer-campaign-patch-fills-calling-policy',
  // isolation compares every record the run read
  'contacts-oldest-cross-company-list',
  'dialer-campaigns-oldest-cross-company-list',
  // success media types, host by host
  'ai-ci-success-text-plain',
  'ai-va-success-text-plain',
  'ai-dialer-success-text-plain',
  'analytics-success-text-plain',
  // Conversation Intelligence validation 400s
  'ci-limit-400-no-suberrors',
  'ci-offset-400-no-suberrors',
  'ci-callid-400-no-suberrors',
  // every clause of the blank-name statement
  'dialer-campaign-create-whitespace-name-accepted',
  'dialer-campaign-update-whitespace-name-accepted',
  'dialer-script-create-whitespace-name-accepted',
  'dialer-script-update-whitespace-name-accepted',
  'dialer-survey-create-whitespace-name-accepted',
  'dialer-survey-update-whitespace-name-accepted',
  // the over-strict rules, relaxed, still fail what the spec says
  'dialer-campaign-name-padding-refused',
  'dialer-name-trimmed-end-only',
  'dialer-stats-average-negative',
] as const;

/**
 * Effects a clause needs that its checks do not declare, because they read an existing record where the target
 * names one: a voice agent's read needs CC_VOICE_AGENT_ID or the `voice-agent` effect, and the mock names none.
 */
const CLAUSE_EFFECTS: Readonly<Partial<Record<(typeof FAULTS)[number], readonly string[]>>> = { 'ai-va-success-text-plain': ['voice-agent'] };

let tls: TlsMaterial;
beforeAll(async () => {
  tls = await selfSignedCertificate();
});

describe.concurrent('against the mock as a configured target with live defaults, each breach fails its own rule', () => {
  for (const name of FAULTS) {
    test(`${name}`, { timeout: 240_000 }, async () => {
      const fault = faultSpec(name);
      expect(fault, name).toBeDefined();
      const checks = ALL_CHECKS.filter((check) => check.rules.includes(fault!.breaks));
      const slots = new Set<KeySlot>(['primary', ...checks.flatMap((c) => c.needs?.keys ?? [])]);
      const effects = [...new Set([...checks.flatMap((c) => c.needs?.effects ?? []), ...(CLAUSE_EFFECTS[name] ?? [])])];
      const running = await startMock({ rateWindowMs: PROOF_WINDOW_MS, faults: [name], tls, ...(fault!.release ? { dialerRelease: fault!.release } : {}) });
      try {
        const dropped = KEY_SLOTS.filter((slot) => !slots.has(slot)).flatMap((slot) => [KEY_SLOT_VARIABLE[slot], secretVariable(slot)]);
        const env = Object.fromEntries(Object.entries(running.env).filter(([variable]) => variable !== 'CC_EFFECTS' && !dropped.includes(variable)));
        const target = targetFromSettings({ ...env, CC_EFFECTS: effects.join(',') }, process.cwd(), false);
        const session = new Session(target, PROOF_SEED);
        try {
          const outcomes = await runChecks(session, checks);
          const report = buildReport({ outcomes, target, seed: PROOF_SEED, startedAt: new Date(), durationMs: 0 });
          const rule = report.rules.find((r) => r.id === fault!.breaks);
          expect(rule?.status, `${fault!.breaks}: ${rule?.detail ?? ''}`).toBe('fail');
        } finally {
          await session.close();
        }
      } finally {
        await running.close();
      }
    });
  }
});
