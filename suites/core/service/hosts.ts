import { defineCheck } from '../../../lib/checks/define.ts';
import { httpsOnlyCheck } from '../../shared/https-only.ts';
import { judgeConfiguredPrefix } from '../../shared/base-path.ts';
import { checkUtf8Json } from '../../shared/media.ts';
import { wrongHostCheck } from '../../shared/wrong-host.ts';
import { UNKNOWN_ID } from '../../shared/inert-values.ts';
import { CONTACTS_LIMIT_1, COUNTRIES } from '../fixtures/shared-records.ts';

export const transportChecks = [
  httpsOnlyCheck({
    surface: 'core',
    rule: 'CORE-HTTPS-ONLY',
    path: '/countries/index.json',
    servedByApi: (ex) => ex.json !== null && typeof ex.json === 'object' && 'responseData' in (ex.json as object),
  }),

  // Unlike the other hosts' rows this one states no `elsewhere`: the plan counts its probes on the core meter, over- and never underestimating that budget.
  wrongHostCheck({
    paths: 'core',
    sentTo: ['analytics', 'ai', 'cuecard'],
    rule: 'CORE-WRONG-HOST-404',
    title: 'a core path on another host is 404',
    cost: { requests: 3 },
    requests: (t, host) => [t.req(host, 'GET', '/contacts/index.json')],
  }),

  defineCheck({
    id: 'core.json',
    title: 'core success and error bodies are UTF-8 JSON',
    surface: 'core',
    rules: ['CORE-JSON-UTF8'],
    cost: { requests: 1 },
    records: {
      // A success of each kind (a collection, a plain array) as other checks read it too, and an error.
      shares: [CONTACTS_LIMIT_1, COUNTRIES],
    },
    async run(t) {
      const probes = [() => t.shared(CONTACTS_LIMIT_1), () => t.shared(COUNTRIES), () => t.core('GET', `/contacts/show/${UNKNOWN_ID}.json`).send()];
      for (const probe of probes) {
        const ex = await probe();
        checkUtf8Json(t, 'CORE-JSON-UTF8', ex);
      }
    },
  }),

  defineCheck({
    id: 'core.base-path',
    title: 'the core API serves under /api, with no version segment: the configured URL ends in it and the API answers there',
    surface: 'core',
    rules: ['CORE-BASE-PATH'],
    cost: { requests: 0 },
    records: { shares: [COUNTRIES] },
    async run(t) {
      const rule = 'CORE-BASE-PATH';
      judgeConfiguredPrefix(t, rule, 'core', '/api');
      const ex = await t.shared(COUNTRIES);
      t.check(
        rule,
        ex.status === 200 && typeof (ex.json as { responseData?: unknown } | undefined)?.responseData === 'object',
        () => `the country list under the configured URL answered ${ex.status}, not the API's 200 with its responseData envelope`,
        ex,
      );
    },
  }),

  defineCheck({
    id: 'core.accept-header',
    title: 'a GET without Accept: application/json (observed)',
    surface: 'core',
    rules: ['CORE-ACCEPT-HEADER'],
    cost: { requests: 1 },
    async run(t) {
      const ex = await t.core('GET', '/countries/index.json').header('accept', undefined).send();
      t.observe(
        'CORE-ACCEPT-HEADER',
        `without Accept the target answered ${ex.status}${[404, 406].includes(ex.status) ? ' (a rejection the spec allows)' : ''}`,
      );
    },
  }),
];
