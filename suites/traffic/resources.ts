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

/** An exchange of `part` with `method` on a path `path` matches, answered 2xx by the API. */
function served(seen: ObservedExchange, part: ObservedExchange['placement']['part'], method: string, path: RegExp): boolean {
  const { exchange: ex, placement } = seen;
  return (
    placement.part === part &&
    ex.request.method === method &&
    path.test(placement.path) &&
    ex.status >= 200 &&
    ex.status < 300 &&
    !isEdgeBlock(ex) &&
    !seen.bodyLeftOut
  );
}

const what = (seen: ObservedExchange) => `${seen.exchange.request.method} ${seen.placement.path}`;

export const RESOURCE_JUDGES: readonly TrafficJudge[] = [
  ruleJudge(
    'traffic.core.contact-add',
    'CORE-CONTACT-ADD-201',
    'core',
    (s) => served(s, 'core', 'PUT', /^\/contacts\/add\.json$/),
    (t, s) => judgeContactAdded(t, s.exchange),
  ),
  ruleJudge(
    'traffic.core.agent-add',
    'CORE-AGENT-ADD-201',
    'core',
    (s) => served(s, 'core', 'PUT', /^\/agents\/add\.json$/),
    (t, s) => judgeAgentAdded(t, s.exchange),
  ),
  ruleJudge(
    'traffic.core.ack',
    'CORE-ENV-ACK',
    'core',
    (s) => served(s, 'core', 'POST', /^\/contacts\/edit\/[^/]+\.json$/),
    (t, s) => judgeAck(t, s.exchange),
  ),
  ruleJudge(
    'traffic.dialer.buttons',
    'DIALER-BUTTONS-GET',
    'dialer',
    (s) => served(s, 'dialer', 'GET', /^\/dialer\/campaigns\/[^/]+\/disposition-buttons$/),
    (t, s) => judgeButtonList(t, s.exchange),
  ),
  ruleJudge(
    'traffic.dialer.disposition-tags',
    'DIALER-TAG-LIST',
    'dialer',
    (s) => served(s, 'dialer', 'GET', /^\/dialer\/disposition-tags$/),
    (t, s) => {
      judgeTagList(t, s.exchange);
    },
  ),
  ruleJudge(
    'traffic.dialer.statistics',
    'DIALER-STATS-READ',
    'dialer',
    (s) => served(s, 'dialer', 'GET', /^\/dialer\/campaigns\/[^/]+\/statistics$/),
    (t, s) => {
      judgeStatsRead(t, s.exchange);
    },
  ),
  ruleJudge(
    'traffic.dialer.statistics-values',
    'DIALER-STATS-VALUES',
    'dialer',
    (s) => served(s, 'dialer', 'GET', /^\/dialer\/campaigns\/[^/]+\/statistics$/),
    (t, s) => {
      judgeValues(t, s.exchange, what(s));
    },
  ),
];
