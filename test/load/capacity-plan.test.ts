import { describe, expect, test } from 'vitest';
import { CapacityInputError, planCampaign, type CapacityInput } from '../../load/capacity/campaign-plan.ts';
import { type CapacityProfile, readCapacityProfile } from '../../load/capacity/profile.ts';

const EXAMPLE = readCapacityProfile(new URL('../../load/capacity/profile.example.json', import.meta.url).pathname);
const HALF = { core: 0.5, dialer: 0.5 };
const NOW = new Date('2026-09-10T08:00:00Z');
const MINUTE = 60_000;

/** A two-step campaign small enough to check by hand. */
const SMALL: CapacityProfile = {
  name: 'small',
  perContact: [
    {
      id: 'add',
      what: 'add',
      surface: 'core',
      operation: 'PUT /contacts/add.json',
      source: 'spec',
      itemsPerContact: 1,
      itemsPerRequest: 1,
      batch: { operation: 'POST /bulk/contacts.json', surface: 'core', source: 'vendor reference', itemsPerRequest: 10, itemsPerContact: 1 },
    },
    { id: 'dial', what: 'dial', surface: 'dialer', operation: 'dialer add', source: 'spec', itemsPerContact: 1, itemsPerRequest: 1 },
  ],
  perCampaign: [{ id: 'create', what: 'create', surface: 'dialer', operation: 'POST /dialer/campaigns', source: 'spec', requests: 2 }],
};

const plan = (overrides: Partial<CapacityInput> = {}) => planCampaign({ contacts: 10_000, profile: EXAMPLE, shares: HALF, now: NOW, ...overrides });

describe('the example campaign of 10,000 contacts at half of each budget', () => {
  const p = plan();

  test('requests per surface, with the unbudgeted ones counted apart', () => {
    expect(p.asProfiled.requests).toEqual({ core: 30_002, dialer: 10_120, analytics: 20_000, ai: 4_000, cuecard: 4_000 });
    expect(p.asProfiled.totals).toEqual({ core: 30_002, dialer: 10_120, other: 28_000 });
    expect(p.asProfiled.unmetered.map((u) => u.budget)).toEqual(['no budget stated (spec gap)', 'no budget stated (spec gap)', 'no budget stated (spec gap)']);
  });

  test('windows round up per surface; the slower surface is the bottleneck and sets the minimum', () => {
    expect(p.asProfiled.metered).toEqual([
      { surface: 'core', share: 0.5, perWindow: 30, requests: 30_002, windows: 1001, wallMs: 1001 * MINUTE },
      { surface: 'dialer', share: 0.5, perWindow: 30, requests: 10_120, windows: 338, wallMs: 338 * MINUTE },
    ]);
    expect(p.asProfiled.bottlenecks).toEqual(['core']);
    expect(p.asProfiled.minimumWallMs).toBe(60_060_000);
    expect(p.windowMs).toBe(60_000);
  });

  test('batch savings per step, and the campaign time each saves alone', () => {
    expect(p.batches.map((b) => [b.step, b.requestsBefore, b.requestsAfter, b.savedRequests, b.timeSavedMs])).toEqual([
      ['import-contact', 10_000, 1_000, 9_000, 300 * MINUTE],
      ['tag-contact', 10_000, 1_000, 9_000, 300 * MINUTE],
      // The Dialer is not the bottleneck: saving its requests saves no campaign time.
      ['add-to-dialer-campaign', 10_000, 1, 9_999, 0],
      // 20,000 calls at 1000 a page; core then needs 20,022 requests, 668 windows.
      ['read-call-history', 10_000, 20, 9_980, 333 * MINUTE],
    ]);
  });

  test('every batch at once', () => {
    expect(p.withBatches.totals).toEqual({ core: 2_022, dialer: 121, other: 28_000 });
    expect(p.withBatches.metered.map((m) => m.windows)).toEqual([68, 5]);
    expect(p.withBatches.bottlenecks).toEqual(['core']);
    expect(p.batchTimeSavedMs).toBe((1001 - 68) * MINUTE);
  });

  test('without a deadline the verdict is go, and says what the campaign needs', () => {
    expect(p.verdict).toEqual({
      go: true,
      marginMs: null,
      reason: 'no deadline given; needs at least 16 h 41 min (core: 1001 windows of 1 min at 30 per window)',
    });
  });
});

describe('bottleneck', () => {
  test('the Dialer when it needs more windows', () => {
    const p = planCampaign({ contacts: 100, profile: SMALL, shares: { core: 1, dialer: 0.25 } });
    expect(p.asProfiled.metered.map((m) => [m.surface, m.perWindow, m.requests, m.windows])).toEqual([
      ['core', 60, 100, 2],
      ['dialer', 15, 102, 7],
    ]);
    expect(p.asProfiled.bottlenecks).toEqual(['dialer']);
    expect(p.asProfiled.minimumWallMs).toBe(7 * MINUTE);
    // The core batch saves requests but no campaign time: the Dialer still sets the pace.
    expect(p.batches[0]).toMatchObject({ requestsBefore: 100, requestsAfter: 10, savedRequests: 90, timeSavedMs: 0 });
  });

  test('both surfaces on a tie', () => {
    const p = planCampaign({ contacts: 58, profile: SMALL, shares: HALF });
    expect(p.asProfiled.metered.map((m) => m.windows)).toEqual([2, 2]);
    expect(p.asProfiled.bottlenecks).toEqual(['core', 'dialer']);
  });

  test('surfaces with no stated budget are never the bottleneck', () => {
    const onlyAnalytics: CapacityProfile = {
      name: 'reads',
      perContact: [
        {
          id: 'details',
          what: 'details',
          surface: 'analytics',
          operation: 'GET /calls/{callId}',
          source: 'vendor reference',
          itemsPerContact: 3,
          itemsPerRequest: 1,
        },
      ],
      perCampaign: [],
    };
    const p = planCampaign({ contacts: 1_000_000, profile: onlyAnalytics, shares: HALF, deadline: '1m', now: NOW });
    expect(p.asProfiled.requests.analytics).toBe(3_000_000);
    expect(p.asProfiled.bottlenecks).toEqual([]);
    expect(p.asProfiled.minimumWallMs).toBe(0);
    expect(p.verdict.go).toBe(true);
  });

  test('a batch on another surface moves its requests there', () => {
    const moved: CapacityProfile = {
      name: 'moved',
      perContact: [
        {
          id: 'history',
          what: 'history',
          surface: 'core',
          operation: 'GET /calls/index.json',
          source: 'spec',
          itemsPerContact: 1,
          itemsPerRequest: 1,
          batch: { operation: 'GET /dialer/campaigns/{id}/contacts', surface: 'dialer', source: 'route table', itemsPerRequest: 100, itemsPerContact: 1 },
        },
      ],
      perCampaign: [],
    };
    const p = planCampaign({ contacts: 1_000, profile: moved, shares: HALF });
    expect(p.withBatches.requests).toMatchObject({ core: 0, dialer: 10 });
    expect(p.withBatches.bottlenecks).toEqual(['dialer']);
    expect(p.batchTimeSavedMs).toBe((34 - 1) * MINUTE);
  });
});

describe('arithmetic', () => {
  test('a fractional share paces at share × 60 per window', () => {
    const p = planCampaign({ contacts: 100, profile: SMALL, shares: { core: 0.35, dialer: 1 } });
    expect(p.asProfiled.metered[0]).toMatchObject({ perWindow: 21, requests: 100, windows: 5 });
  });

  test('item counts are not thrown one request up by float products', () => {
    const tiny: CapacityProfile = {
      name: 'tiny',
      perContact: [{ id: 'x', what: 'x', surface: 'core', operation: 'x', source: 'spec', itemsPerContact: 0.07, itemsPerRequest: 1 }],
      perCampaign: [],
    };
    expect(planCampaign({ contacts: 100, profile: tiny, shares: HALF }).asProfiled.requests.core).toBe(7);
  });

  test('the window length scales the wall time, not the windows', () => {
    const p = plan({ windowMs: 1_000 });
    expect(p.asProfiled.windows).toBe(1001);
    expect(p.asProfiled.minimumWallMs).toBe(1_001_000);
  });

  test('no contacts: the per-campaign requests alone', () => {
    const p = plan({ contacts: 0 });
    expect(p.asProfiled.totals).toEqual({ core: 2, dialer: 20, other: 0 });
    expect(p.asProfiled.metered.map((m) => m.windows)).toEqual([1, 1]);
  });
});

describe('go or no-go at the deadline', () => {
  // The example needs exactly 1001 minutes at half the budgets.
  test('a deadline exactly at the minimum wall time is go with no margin', () => {
    expect(plan({ deadline: '16h41m' }).verdict).toMatchObject({ go: true, marginMs: 0 });
  });

  test('one second less is no-go, short by that second', () => {
    const p = plan({ deadline: '16h40m59s' });
    expect(p.verdict).toMatchObject({ go: false, marginMs: -1_000 });
    expect(p.verdict.reason).toContain('short by 1 s');
  });

  test('an ISO date-time resolves against now', () => {
    const p = plan({ deadline: '2026-09-10T18:00:00+02:00' });
    expect(p.deadline).toEqual({ given: '2026-09-10T18:00:00+02:00', at: '2026-09-10T16:00:00.000Z', availableMs: 8 * 60 * MINUTE });
    expect(p.verdict).toMatchObject({ go: false, marginMs: (480 - 1001) * MINUTE });
    expect(p.verdictWithBatches).toMatchObject({ go: true, marginMs: (480 - 68) * MINUTE });
  });

  test('one second after now is the shortest deadline there is', () => {
    expect(plan({ deadline: '2026-09-10T08:00:01Z' }).deadline?.availableMs).toBe(1_000);
    expect(plan({ deadline: '1s' }).deadline?.availableMs).toBe(1_000);
  });
});

describe('refused input', () => {
  const refused = (overrides: Partial<CapacityInput>) => {
    try {
      plan(overrides);
    } catch (err) {
      expect(err).toBeInstanceOf(CapacityInputError);
      return (err as CapacityInputError).field;
    }
    throw new Error('accepted');
  };

  test.each([0, -0.5, 1.01, Number.NaN, Number.POSITIVE_INFINITY])('core share %s', (share) => {
    expect(refused({ shares: { core: share, dialer: 0.5 } })).toBe('shares.core');
  });

  test('dialer share above 1', () => expect(refused({ shares: { core: 0.5, dialer: 2 } })).toBe('shares.dialer'));
  test('a share of exactly 1 is the whole budget, and allowed', () =>
    expect(plan({ shares: { core: 1, dialer: 1 } }).asProfiled.metered[0]?.windows).toBe(501));
  test('contacts', () => expect(refused({ contacts: 1.5 })).toBe('contacts'));
  test('window', () => expect(refused({ windowMs: 0 })).toBe('windowMs'));
  test('deadline', () => expect(refused({ deadline: 'tomorrow' })).toBe('deadline'));
  // A deadline that leaves no time could only be NO-GO, and is far likelier a slip than a question.
  test('a deadline in the past', () => expect(refused({ deadline: '2026-09-10T07:00:00Z' })).toBe('deadline'));
  test('a deadline of zero from now', () => expect(refused({ deadline: '0m' })).toBe('deadline'));
  test('a deadline without a now', () => expect(refused({ deadline: '8h', now: undefined as unknown as Date })).toBe('now'));
});
