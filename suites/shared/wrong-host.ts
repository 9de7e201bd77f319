import type { CheckContext } from '../../lib/checks/context.ts';
import { type CheckDefinition, defineCheck } from '../../lib/checks/define.ts';
import { SURFACE_VARIABLE } from '../../lib/contract/vocabulary.ts';
import { type Surface } from '../../lib/contract/vocabulary.ts';
import type { RequestSpec } from '../../lib/requests/request-spec.ts';
import type { RuleId } from '../../lib/rules/index.ts';

/**
 * Each host serves its own paths only (spec: Hosts): a host's paths sent to another host get 404. One row per
 * host whose paths are probed; every row is judged the same way by `wrongHostCheck`. The rows live next to
 * their host's suite, which knows how to build that host's requests (a CueCard card, a call of the history).
 */
export interface WrongHostRow {
  /** Whose paths are probed; the check is this surface's, `<paths>.wrong-host`. */
  readonly paths: Surface;
  /** The other hosts the paths are sent to, in this order; those the target leaves unconfigured are left out. */
  readonly sentTo: readonly Surface[];
  /** The rule that judges every answer. */
  readonly rule: RuleId;
  readonly title: string;
  /** Stated per row, setup requests included, as every check states its own (lib/checks/define.ts). */
  readonly cost: CheckDefinition['cost'];
  readonly needs?: CheckDefinition['needs'];
  /** The row's requests addressed to one other host, each of which must be answered 404. */
  readonly requests: (t: CheckContext, host: Surface) => readonly RequestSpec[] | Promise<readonly RequestSpec[]>;
}

/** "A, B or C", as a skip reason names the variables of which any one would do. */
function anyOf(names: readonly string[]): string {
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}

/** The check of one row: every request of the row, sent to each configured other host, answered 404. */
export function wrongHostCheck(row: WrongHostRow): CheckDefinition {
  return defineCheck({
    id: `${row.paths}.wrong-host`,
    title: row.title,
    surface: row.paths,
    rules: [row.rule],
    cost: row.cost,
    ...(row.needs ? { needs: row.needs } : {}),
    async run(t) {
      const hosts = row.sentTo.filter((host) => t.hasSurface(host));
      if (hosts.length === 0) t.skip(`needs ${anyOf(row.sentTo.map((host) => SURFACE_VARIABLE[host]))}`);
      for (const host of hosts) {
        for (const request of await row.requests(t, host)) t.expectStatus(row.rule, await request.send(), 404);
      }
    },
  });
}
