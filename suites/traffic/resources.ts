import type { DialerRouteName } from '../../lib/dialer/routes.ts';
import { isEdgeBlock } from '../../lib/requests/pipeline.ts';
import { ruleJudge, type TrafficJudge } from '../../lib/traffic/judge.ts';
import type { ObservedExchange } from '../../lib/traffic/observed.ts';
import { judgeAgentAdded } from '../core/agents/add.ts';
import { judgeAck } from '../core/service/envelopes.ts';
import { judgeContactAdded } from '../core/service/methods.ts';
import { judgeButtonList } from '../dialer/resources/buttons.ts';
import { judgeStatsRead, judgeValues } from '../dialer/resources/statistics.ts';
import { judgeTagList } from '../dialer/resources/tags.ts';

/**
 * The judges of single resources as traffic shows them: what a create, an edit or a read of one answers, when
 * the API served it (2xx). A refusal says the request was not one these rules speak of (an invalid body, an
 * unknown id), so none of them reads it.
 */

/** An exchange answered 2xx by the API. */
function answered(seen: ObservedExchange): boolean {
  const ex = seen.exchange;
  return ex.status >= 200 && ex.status < 300 && !isEdgeBlock(ex) && !seen.bodyLeftOut;
}

/** A core exchange with `method` on a path `path` matches, answered 2xx by the API. */
function served(seen: ObservedExchange, method: string, path: RegExp): boolean {
  return seen.placement.part === 'core' && seen.exchange.request.method === method && path.test(seen.placement.path) && answered(seen);
}

/** A Dialer exchange of the route `name` in the target's table, answered 2xx by the API. */
const routed = (seen: ObservedExchange, name: DialerRouteName): boolean => seen.route?.name === name && answered(seen);

const what = (seen: ObservedExchange) => `${seen.exchange.request.method} ${seen.placement.path}`;

export const RESOURCE_JUDGES: readonly TrafficJudge[] = [
  ruleJudge(
    'traffic.core.contact-add',
    'CORE-CONTACT-ADD-201',
    'core',
    (s) => served(s, 'PUT', /^\/contacts\/add\.json$/),
    (t, s) => judgeContactAdded(t, s.exchange),
  ),
  ruleJudge(
    'traffic.core.agent-add',
    'CORE-AGENT-ADD-201',
    'core',
    (s) => served(s, 'PUT', /^\/agents\/add\.json$/),
    (t, s) => judgeAgentAdded(t, s.exchange),
  ),
  ruleJudge(
    'traffic.core.ack',
    'CORE-ENV-ACK',
    'core',
    (s) => served(s, 'POST', /^\/contacts\/edit\/[^/]+\.json$/),
    (t, s) => judgeAck(t, s.exchange),
  ),
  ruleJudge(
    'traffic.dialer.buttons',
    'DIALER-BUTTONS-GET',
    'dialer',
    (s) => routed(s, 'campaign.buttons.get'),
    (t, s) => judgeButtonList(t, s.exchange),
  ),
  ruleJudge(
    'traffic.dialer.disposition-tags',
    'DIALER-TAG-LIST',
    'dialer',
    (s) => routed(s, 'dispositions.tags'),
    (t, s) => {
      judgeTagList(t, s.exchange);
    },
  ),
  ruleJudge(
    'traffic.dialer.statistics',
    'DIALER-STATS-READ',
    'dialer',
    (s) => routed(s, 'campaign.statistics'),
    (t, s) => {
      judgeStatsRead(t, s.exchange);
    },
  ),
  ruleJudge(
    'traffic.dialer.statistics-values',
    'DIALER-STATS-VALUES',
    'dialer',
    (s) => routed(s, 'campaign.statistics'),
    (t, s) => {
      judgeValues(t, s.exchange, what(s));
    },
  ),
];
