import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { targetFromSettings } from '../../lib/config/load.ts';
import { appliesTo, notApplicableReason, parseRelease } from '../../lib/dialer/releases.ts';
import { DIALER_ROUTES, dialerRoute, loadDialerRoutes } from '../../lib/dialer/routes.ts';
import { ConfigError } from '../../lib/errors.ts';

const BASE = { CC_BASE_URL: 'https://api.example.test/api', CC_KEY_ID: 'ID', CC_KEY_SECRET: 'SECRET' };

function routesFile(content: unknown): string {
  const file = join(mkdtempSync(join(tmpdir(), 'cc-routes-')), 'routes.json');
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

describe('Dialer releases', () => {
  test('spellings a user may give', () => {
    expect(parseRelease('v1.0.21')).toBe('1.0.21');
    expect(parseRelease(' 1.0.22 ')).toBe('1.0.22');
    expect(parseRelease('newest')).toBe('latest');
    expect(parseRelease('1.0.23')).toBeUndefined();
  });

  test('a rule holds from its since up to, not including, its until', () => {
    const span = { since: '1.0.21', until: 'next' };
    expect(['pre-1.0.21', '1.0.21', '1.0.22', 'next', 'latest'].map((r) => appliesTo(span, r as never))).toEqual([false, true, true, false, false]);
    expect(notApplicableReason(span, 'pre-1.0.21')).toBe('not part of Dialer release pre-1.0.21: introduced in 1.0.21');
    expect(notApplicableReason(span, 'latest')).toBe('not part of Dialer release latest: changed in next');
  });

  test('CC_DIALER_RELEASE defaults to the newest and names the variable when wrong', () => {
    expect(targetFromSettings(BASE).dialer.release).toBe('latest');
    expect(targetFromSettings({ ...BASE, CC_DIALER_RELEASE: 'v1.0.22' }).dialer.release).toBe('1.0.22');
    expect(() => targetFromSettings({ ...BASE, CC_DIALER_RELEASE: '2.0' })).toThrow(/^CC_DIALER_RELEASE: unknown release "2.0"/);
  });
});

describe('the Dialer route table', () => {
  test('fills placeholders, URL-encoded', () => {
    expect(dialerRoute(DIALER_ROUTES, 'campaigns.get', { campaignId: 'a/b' })).toEqual({ method: 'GET', path: '/dialer/campaigns/a%2Fb' });
    expect(() => dialerRoute(DIALER_ROUTES, 'campaigns.get')).toThrow(/needs campaignId/);
  });

  test('a user overrides a route from a JSON file named by CC_DIALER_ROUTES; the rest stay', () => {
    const file = routesFile({ 'campaigns.get': 'GET /dialer/v2/campaigns/{campaignId}' });
    const target = targetFromSettings({ ...BASE, CC_DIALER_ROUTES: file });
    expect(dialerRoute(target.dialer.routes, 'campaigns.get', { campaignId: 7 }).path).toBe('/dialer/v2/campaigns/7');
    expect(target.dialer.routes['campaigns.list']).toBe(DIALER_ROUTES['campaigns.list']);
  });

  test('an override must name a known route, keep its placeholders, and read METHOD /path', () => {
    for (const [content, message] of [
      [{ 'campaigns.fetch': 'GET /x' }, /unknown route "campaigns.fetch"/],
      [{ 'campaigns.get': 'GET /dialer/campaigns/{id}' }, /keep the placeholders/],
      [{ 'campaigns.get': '/dialer/campaigns/{campaignId}' }, /must be "METHOD \/path"/],
      ['{not json', /not a readable JSON file/],
    ] as const) {
      expect(() => loadDialerRoutes(routesFile(content))).toThrow(ConfigError);
      expect(() => loadDialerRoutes(routesFile(content))).toThrow(message);
    }
  });
});
