import { type CheckDefinition, defineCheck } from '../../lib/checks/define.ts';
import type { Target } from '../../lib/config/target.ts';
import { DIALER_ROUTES } from '../../lib/dialer/routes.ts';

/**
 * A target nobody listens on: port 1 of the loopback refuses connections, so a check that sends by
 * mistake ends in a transport error instead of reaching anything.
 */
export function literalTarget(overrides: Partial<Target> = {}): Target {
  return {
    urls: { core: 'https://127.0.0.1:1/api' },
    keys: { primary: { id: 'HARNESSKEYID01', secret: 'harness-secret-0123456789' } },
    rateWindowMs: 60_000,
    budgetShare: 1,
    effects: new Set(),
    budgetExclusive: false,
    timeoutMs: 1_000,
    bundledMock: false,
    sequences: { count: 2, steps: 6, shrinkRequests: 24 },
    dialer: { release: 'latest', routes: DIALER_ROUTES },
    ...overrides,
  };
}

/** A check for the planner's tests: a core check of one rule that sends nothing, with what `def` declares. */
export const plannedCheck = (def: Partial<CheckDefinition> & Pick<CheckDefinition, 'id' | 'cost'>): CheckDefinition =>
  defineCheck({ title: def.id, surface: 'core', rules: ['CORE-TAG-DELETE-404'], run: async () => undefined, ...def });

/** A live target on a minute window, every host and key, no effects, at share 0.5: nothing in it is contacted. */
export const liveTarget = (overrides: Partial<Target> = {}): Target =>
  literalTarget({
    urls: {
      core: 'https://core.example.test/api',
      ai: 'https://ai.example.test/v1',
      cuecard: 'https://cc.example.test/api',
      analytics: 'https://an.example.test/api',
    },
    rateWindowMs: 60_000,
    budgetShare: 0.5,
    ...overrides,
  });

/** A clock that only moves when the code under test sleeps, so waits are measured, never spent. */
export class FakeClock {
  t: number;
  readonly slept: number[] = [];

  constructor(start = 1_000_000) {
    this.t = start;
  }

  readonly now = (): number => this.t;

  readonly sleep = async (ms: number): Promise<void> => {
    this.slept.push(ms);
    this.t += ms;
  };
}
