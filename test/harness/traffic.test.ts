import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { trafficTarget } from '../../lib/config/load.ts';
import { Redactor } from '../../lib/http/redact.ts';
import { RULES } from '../../lib/rules/index.ts';
import { OBSERVABLE_FROM_TRAFFIC, notObservableReason } from '../../lib/rules/traffic.ts';
import { readHarEntries } from '../../lib/traffic/har-reader.ts';
import { companyOf, placeExchange } from '../../lib/traffic/placement.ts';
import { captureOf } from '../../lib/traffic/capture.ts';
import { TRAFFIC_JUDGES } from '../../suites/traffic/index.ts';
import { observedFiles } from '../../suites/traffic/report.ts';
import { command } from '../e2e/conformance-run.ts';
import { outcomeOf } from '../../lib/results/report.ts';
import { renderHtml } from '../../reporters/html.ts';
import { renderSummaryMarkdown } from '../../reporters/summary-md.ts';
import { trafficHeadline } from '../../reporters/traffic-headline.ts';

const dir = mkdtempSync(join(tmpdir(), 'cc-traffic-'));
const URLS = { CC_BASE_URL: 'https://core.example.test/api', CC_AI_URL: 'https://ai.example.test/v1' };
const target = trafficTarget(URLS);
const KEY = { id: 'KEYID-OF-A-COMPANY', secret: 'a-secret-no-report-may-hold' };
const BASIC = `Basic ${Buffer.from(`${KEY.id}:${KEY.secret}`).toString('base64')}`;

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

function entry(at: string, method: string, url: string, status: number, body: unknown, headers: Record<string, string> = {}) {
  return {
    startedDateTime: at,
    time: 5,
    request: { method, url, headers: Object.entries(headers).map(([name, value]) => ({ name, value })) },
    response: {
      status,
      headers: [{ name: 'Content-Type', value: 'application/json' }],
      content: { size: JSON.stringify(body).length, mimeType: 'application/json', text: JSON.stringify(body) },
    },
  };
}

const har = (entries: unknown[]) => JSON.stringify({ log: { version: '1.2', creator: { name: 'test', version: '1' }, entries } });

async function all(path: string) {
  const out = [];
  for await (const e of readHarEntries(path)) out.push(e);
  return out;
}

describe('HAR files in', () => {
  test('entries stream out with their headers by lower-case name, base64 bodies decoded', async () => {
    const body = { responseData: { status: 401, message: 'Unauthorized' } };
    const base64 = {
      ...entry('2026-12-07T10:00:00.000Z', 'get', `${URLS.CC_BASE_URL}/countries/index.json`, 401, body),
      response: {
        status: 401,
        headers: [],
        content: { size: 10, mimeType: 'application/json', encoding: 'base64', text: Buffer.from(JSON.stringify(body)).toString('base64') },
      },
    };
    const got = await all(
      file(
        'ok.har',
        har([
          base64,
          entry('2026-12-07T10:00:01.000Z', 'GET', `${URLS.CC_BASE_URL}/countries/index.json`, 200, { responseData: [] }, { Authorization: BASIC }),
        ]),
      ),
    );
    expect(got.map((e) => [e.method, e.status, e.requestHeaders.authorization ?? null])).toEqual([
      ['GET', 401, null],
      ['GET', 200, BASIC],
    ]);
    expect(JSON.parse(got[0]?.responseText ?? '')).toEqual(body);
  });

  test.each([
    ['not JSON', 'this is not json', /not a HAR file: not JSON/],
    ['cut short', har([entry('2026-12-07T10:00:00.000Z', 'GET', `${URLS.CC_BASE_URL}/x`, 200, {})]).slice(0, 120), /cut short|not a HAR file/],
    ['without log.entries', JSON.stringify({ hello: 'world' }), /not a HAR file: no log.entries/],
    [
      'an entry without a status',
      har([{ startedDateTime: '2026-12-07T10:00:00Z', request: { method: 'GET', url: 'https://a.test/' }, response: {} }]),
      /entry 1 of log.entries response.status is not an integer/,
    ],
    ['an entry without a date', har([{ request: { method: 'GET', url: 'https://a.test/' }, response: { status: 200 } }]), /entry 1 .* startedDateTime/],
  ])('a file %s is one line naming the file and what is wrong', async (_, text, message) => {
    const path = file(`bad-${_.replace(/\W+/g, '-')}.har`, text);
    await expect(all(path)).rejects.toThrow(message);
    await expect(all(path)).rejects.toThrow(new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: [^\\n]+$`));
  });

  test('an empty capture is one of nothing; a missing file is named', async () => {
    expect(await all(file('empty.har', har([])))).toEqual([]);
    await expect(all(join(dir, 'absent.har'))).rejects.toThrow(/absent\.har: no such file/);
  });

  test('several files are one capture in time order', async () => {
    const a = file(
      'a.har',
      har([
        entry('2026-12-07T10:00:00.000Z', 'GET', `${URLS.CC_BASE_URL}/a`, 200, {}),
        entry('2026-12-07T10:00:02.000Z', 'GET', `${URLS.CC_BASE_URL}/c`, 200, {}),
      ]),
    );
    const b = file('b.har', har([entry('2026-12-07T10:00:01.000Z', 'GET', `${URLS.CC_BASE_URL}/b`, 200, {})]));
    const urls = [];
    for await (const e of captureOf([a, b])) urls.push(new URL(e.url).pathname);
    expect(urls).toEqual(['/api/a', '/api/b', '/api/c']);
  });
});

describe('placing an exchange and naming its company', () => {
  test('by the target URLs: the Dialer apart on the AI host, other addresses not placed', () => {
    expect(placeExchange(target, `${URLS.CC_BASE_URL}/contacts/index.json?limit=1`)).toEqual({
      host: 'core',
      part: 'core',
      budget: 'core',
      path: '/contacts/index.json',
    });
    expect(placeExchange(target, `${URLS.CC_AI_URL}/dialer/campaigns`)).toEqual({ host: 'ai', part: 'dialer', budget: 'dialer', path: '/dialer/campaigns' });
    expect(placeExchange(target, `${URLS.CC_AI_URL}/ai/calls/1/summary`)?.part).toBe('ai');
    expect(placeExchange(target, 'https://core.example.test/other/contacts')).toBeUndefined();
    expect(placeExchange(target, 'http://core.example.test/api/contacts')).toBeUndefined();
  });

  test('a salted hash of the key ID, never the key; no header is unauthenticated; a redacted one is one company', () => {
    const named = companyOf({ authorization: BASIC }, 'salt');
    expect(named).toMatch(/^company-[0-9a-f]{12}$/);
    expect(named).not.toContain(KEY.id);
    expect(companyOf({ authorization: BASIC }, 'salt')).toBe(named);
    expect(companyOf({ authorization: BASIC }, 'another salt')).not.toBe(named);
    expect(companyOf({}, 'salt')).toBe('unauthenticated');
    expect(companyOf({ authorization: 'Basic [redacted]' }, 'salt')).toBe('credentials-unreadable');
  });
});

describe('observing a capture', () => {
  test('the catalogue and the judges of traffic name the same rules, and every other rule says why it is not observable', () => {
    const judged = new Set(TRAFFIC_JUDGES.flatMap((j) => j.rules));
    expect([...judged].sort()).toEqual(Object.keys(OBSERVABLE_FROM_TRAFFIC).sort());
    for (const rule of RULES) expect(notObservableReason(rule.id) === undefined, rule.id).toBe(judged.has(rule.id));
  });

  test('a breach seen fails its rule with the exchange as evidence, credentials redacted, other hosts counted', async () => {
    const path = file(
      'breach.har',
      har([
        entry(
          '2026-12-07T10:00:00.000Z',
          'GET',
          `${URLS.CC_BASE_URL}/contacts/show/1.json`,
          404,
          { responseData: { status: 400, message: 'Not found.' } },
          { Authorization: BASIC },
        ),
        entry('2026-12-07T10:00:01.000Z', 'GET', `${URLS.CC_BASE_URL}/countries/index.json`, 200, { responseData: [] }),
        entry('2026-12-07T10:00:02.000Z', 'GET', 'https://elsewhere.test/', 200, {}),
      ]),
    );
    const { report } = await observedFiles([path], target, { redactor: new Redactor(target), salt: 's' });
    const envelope = report.rules.find((r) => r.id === 'CORE-ERR-ENVELOPE');
    expect(envelope?.status).toBe('fail');
    expect(envelope?.detail).toMatch(/responseData.status against the HTTP status: expected 404, got 400/);
    expect(envelope?.evidence?.request.headers.authorization).toBe('Basic [redacted]');
    // The request without credentials was answered 200: missing credentials must get 401.
    expect(report.rules.find((r) => r.id === 'CORE-AUTH-MISSING-401')?.status).toBe('fail');
    expect(report.rules.find((r) => r.id === 'CORE-RATE-429-BODY')?.detail).toMatch(/^no exchange of the capture is one its judge reads/);
    expect(report.rules.find((r) => r.id === 'CORE-TAG-DELETE-200')).toMatchObject({
      status: 'disabled',
      detail: expect.stringMatching(/^not observable from traffic: /),
    });
    expect(report.traffic).toMatchObject({ entries: 3, exchanges: 2, otherHosts: 1 });
    expect(JSON.stringify(report)).not.toContain(KEY.secret);
    expect(JSON.stringify(report)).not.toContain(KEY.id);
    expect(report.verdict).toBe('fail');
    // The one verdict makes every headline: the views say FAIL in its colour, and the exit code is 1.
    expect(outcomeOf(report)).toEqual({ headline: 'FAIL', ok: false, exitCode: 1 });
    expect(renderSummaryMarkdown(report)).toMatch(/^## cc-conformance: FAIL\n/);
    expect(renderHtml(report)).toContain('<span id="verdict" class="fail">FAIL</span>');
    // The views lead with what the capture held.
    expect(renderSummaryMarkdown(report)).toMatch(/^- Observed 2 exchanges over \S+ \(2026-12-07T10:00:00.000Z to /m);
    expect(renderHtml(report)).toMatch(/<div id="traffic"><p>Observed 2 exchanges over /);
    expect(trafficHeadline(report).split('\n')[1]).toMatch(/^Judged from traffic: \d+ rules \(.*CORE-ERR-ENVELOPE on 1/);
  });

  test('observe: bad input is one line and exit 2; a capture of another API too', async () => {
    const other = file('other.har', har([entry('2026-12-07T10:00:00.000Z', 'GET', 'https://api.other.test/users', 200, {})]));
    const runs = await Promise.all([
      command('cli/observe.ts', [file('junk.har', '{"log": ')], URLS),
      command('cli/observe.ts', [other], URLS),
      command('cli/observe.ts', [other], {}),
      command('cli/observe.ts', [], URLS),
    ]);
    for (const run of runs) {
      expect(run.code, run.stderr).toBe(2);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
    }
    expect(runs[0]?.stderr).toMatch(/junk\.har: (not a HAR file|cut short)/);
    expect(runs[1]?.stderr).toMatch(/none of the 1 entries .* is an exchange with the target's hosts/);
    expect(runs[2]?.stderr).toMatch(/no target URL is set/);
  });

  test('a report of traffic takes expectations and compares as a run report does', async () => {
    const capture = file(
      'gate.har',
      har([
        entry('2026-12-07T10:00:00.000Z', 'GET', `${URLS.CC_BASE_URL}/countries/index.json`, 200, { responseData: [] }, { Authorization: BASIC }),
        entry(
          '2026-12-07T10:00:01.000Z',
          'GET',
          `${URLS.CC_BASE_URL}/contacts/show/1.json`,
          404,
          { responseData: { status: 400, message: 'Not found.' } },
          { Authorization: BASIC },
        ),
      ]),
    );
    const reports = join(dir, 'gate');
    const first = await command('cli/observe.ts', [capture, '--reports', join(reports, 'first'), '--salt', 's'], URLS);
    expect(first.code, first.stderr).toBe(1);
    const expectations = join(dir, 'expectations.json');
    const written = await command(
      'cli/conformance.ts',
      ['--write-expectations', expectations, '--from-report', join(reports, 'first', 'conformance.json')],
      URLS,
    );
    expect(written.code, written.stderr).toBe(0);
    const gated = await command('cli/observe.ts', [capture, '--reports', join(reports, 'gated'), '--salt', 's', '--expect', expectations], URLS);
    expect(gated.code, gated.stdout + gated.stderr).toBe(0);
    expect(gated.stdout).toMatch(/AS EXPECTED/);
    const compared = await command(
      'cli/compare.ts',
      [join(reports, 'first', 'conformance.json'), join(reports, 'gated', 'conformance.json'), '--reports', join(reports, 'compare')],
      URLS,
    );
    expect(compared.code, compared.stdout + compared.stderr).toBe(0);
  });

  test('the budgets as the capture spent them: per window, and what came past the 60th', async () => {
    const limited = { responseData: { status: 429, message: 'Too Many Requests' } };
    const path = file(
      'budget.har',
      har(
        Array.from({ length: 63 }, (_, i) =>
          entry(
            new Date(Date.UTC(2026, 11, 7, 10, 0, 0) + i * 500).toISOString(),
            'GET',
            `${URLS.CC_BASE_URL}/countries/index.json`,
            i < 61 ? 200 : 429,
            i < 61 ? { responseData: [] } : limited,
            { Authorization: BASIC },
          ),
        ),
      ),
    );
    const { report } = await observedFiles([path], target, { redactor: new Redactor(target), salt: 's' });
    const [company] = report.traffic?.budgetUse.companies ?? [];
    expect(company?.core).toMatchObject({ windows: 1, median: 63, p95: 63, peak: 63, refused: 2, requests: 63 });
    expect(report.traffic?.pastBudget).toEqual([{ company: company?.company, budget: 'core', windows: 1, requests: 3, served: 1 }]);
    expect(trafficHeadline(report)).toMatch(/Past 60 a window \(the capture's windows\): company-\w+ core: 3 requests in 1 window, 1 served, 2 answered 429/);
  });

  test("a Dialer exchange is known by the target's route table, overrides included", async () => {
    const routes = file('routes.json', JSON.stringify({ 'campaigns.list': 'GET /dialer/v2/campaigns' }));
    const routed = trafficTarget({ ...URLS, CC_DIALER_ROUTES: routes });
    const path = file(
      'routes.har',
      har([
        entry('2026-12-07T10:00:00.000Z', 'GET', `${URLS.CC_AI_URL}/dialer/v2/campaigns`, 200, { data: [{ id: 1 }], meta: {} }, { Authorization: BASIC }),
        entry('2026-12-07T10:00:01.000Z', 'GET', `${URLS.CC_AI_URL}/dialer/campaigns`, 200, { data: [{ id: 1 }], meta: {} }, { Authorization: BASIC }),
      ]),
    );
    const { report } = await observedFiles([path], routed, { redactor: new Redactor(routed), salt: 's' });
    const envelope = report.rules.find((r) => r.id === 'DIALER-CAMPAIGN-LIST-ENVELOPE');
    // The overridden path is the list; the project's default path, no route of this target, is no list at all.
    expect(envelope?.status).toBe('fail');
    expect(envelope?.evidence?.request.url).toBe(`${URLS.CC_AI_URL}/dialer/v2/campaigns`);
    expect(envelope?.notes[0]).toMatch(/read 1 exchange /);
  });
});
