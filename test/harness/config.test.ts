import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { checkSettings, namesNoTarget, readSettings, runSeed, TARGET_VARIABLES, targetFromSettings } from '../../lib/config/load.ts';
import { KEY_SLOT_VARIABLE } from '../../lib/contract/vocabulary.ts';
import { ConfigError } from '../../lib/errors.ts';

const SECRET = 'Sup3r-Secret-Value-9f8e7d';
const BASE = { CC_BASE_URL: 'https://api.example.test/api', CC_KEY_ID: 'KEYID0001', CC_KEY_SECRET: SECRET } as const;

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cc-harness-config-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function withFile(name: string, content: string): string {
  const dir = tempDir();
  writeFileSync(join(dir, name), content);
  return dir;
}

/**
 * The run prints a ConfigError as its only line of output before exiting 2, and the user may paste it
 * anywhere: it has to be one line, start with the variable to fix, and never echo a secret.
 */
function expectConfigError(run: () => unknown, variable: string): ConfigError {
  let caught: unknown;
  try {
    run();
  } catch (err) {
    caught = err;
  }
  expect(caught, `expected a ConfigError naming ${variable}`).toBeInstanceOf(ConfigError);
  const err = caught as ConfigError;
  expect(err.code).toBe('CC_ERR_CONFIG');
  expect(err.message.startsWith(`${variable}: `), err.message).toBe(true);
  expect(err.message).not.toMatch(/[\r\n]/);
  // Not even a fragment of the secret: a quoted excerpt of a few characters already narrows it down.
  for (let i = 0; i + 6 <= SECRET.length; i++) expect(err.message).not.toContain(SECRET.slice(i, i + 6));
  return err;
}

describe('readSettings', () => {
  test('environment variables win over the config file, which fills in the rest', () => {
    const dir = withFile('target.json', JSON.stringify({ CC_BASE_URL: 'https://file.example.test/api', CC_KEY_ID: 'FROMFILE', CC_TIMEOUT_MS: 5000 }));
    const settings = readSettings({ CC_CONFIG_FILE: 'target.json', CC_BASE_URL: 'https://env.example.test/api' }, dir);
    expect(settings.CC_BASE_URL).toBe('https://env.example.test/api');
    expect(settings.CC_KEY_ID).toBe('FROMFILE');
    // JSON numbers are accepted for numeric variables and handed on as the strings env would give.
    expect(settings.CC_TIMEOUT_MS).toBe('5000');
  });

  test('an empty env variable does not blank out the file value', () => {
    const dir = withFile('cc-conformance.json', JSON.stringify({ CC_KEY_ID: 'FROMFILE' }));
    expect(readSettings({ CC_KEY_ID: '' }, dir).CC_KEY_ID).toBe('FROMFILE');
  });

  test('cc-conformance.json in cwd is read without CC_CONFIG_FILE; without it settings come from env alone', () => {
    const dir = withFile('cc-conformance.json', JSON.stringify({ CC_SEED: '7' }));
    expect(readSettings({}, dir)).toEqual({ CC_SEED: '7' });
    expect(readSettings({ CC_SEED: '8', HOME: '/root' }, tempDir())).toEqual({ CC_SEED: '8' });
  });

  test('a named config file that does not exist names CC_CONFIG_FILE', () => {
    expectConfigError(() => readSettings({ CC_CONFIG_FILE: 'absent.json' }, tempDir()), 'CC_CONFIG_FILE');
  });

  test('an unknown variable in the file is refused by its name', () => {
    const dir = withFile('cc-conformance.json', JSON.stringify({ CC_KEY_SECRET: SECRET, CC_BASE_ULR: 'https://typo.example.test/api' }));
    const err = expectConfigError(() => readSettings({}, dir), 'CC_BASE_ULR');
    expect(err.message).toContain('unknown variable');
  });

  test('a value that is neither string nor number is refused by its name', () => {
    const dir = withFile('cc-conformance.json', JSON.stringify({ CC_EFFECTS: ['call'] }));
    expectConfigError(() => readSettings({}, dir), 'CC_EFFECTS');
  });

  test('a file that is not a JSON object names CC_CONFIG_FILE', () => {
    expectConfigError(() => readSettings({}, withFile('cc-conformance.json', '["CC_KEY_ID"]')), 'CC_CONFIG_FILE');
    expectConfigError(() => readSettings({}, withFile('cc-conformance.json', 'null')), 'CC_CONFIG_FILE');
  });

  test('invalid JSON names CC_CONFIG_FILE in one line without quoting the secret it holds', () => {
    // V8 quotes the text around a syntax error, line breaks included; here that text is the secret.
    const unquoted = `{\n  "CC_KEY_ID": "KEYID0001",\n  "CC_KEY_SECRET": ${SECRET}\n}\n`;
    const err = expectConfigError(() => readSettings({}, withFile('cc-conformance.json', unquoted)), 'CC_CONFIG_FILE');
    expect(err.message).toContain('not valid JSON');
    expectConfigError(() => readSettings({}, withFile('cc-conformance.json', `{\n"CC_KEY_SECRET":\n${SECRET}}`)), 'CC_CONFIG_FILE');
    expectConfigError(() => readSettings({}, withFile('cc-conformance.json', `{"CC_KEY_SECRET": "${SECRET}",}`)), 'CC_CONFIG_FILE');
  });
});

describe('targetFromSettings', () => {
  test('a minimal target gets the documented defaults', () => {
    const target = targetFromSettings({ ...BASE, CC_BASE_URL: 'https://api.example.test/api/' });
    expect(target.urls).toEqual({ core: 'https://api.example.test/api' });
    expect(target.keys).toEqual({ primary: { id: 'KEYID0001', secret: SECRET } });
    expect(target.rateWindowMs).toBe(60_000);
    expect(target.timeoutMs).toBe(15_000);
    expect([...target.effects]).toEqual([]);
    expect(target.ca).toBeUndefined();
    expect(target.bundledMock).toBe(false);
  });

  test('plain http:// is refused naming the variable that holds it', () => {
    const err = expectConfigError(() => targetFromSettings({ ...BASE, CC_BASE_URL: 'http://api.example.test/api' }), 'CC_BASE_URL');
    expect(err.message).toContain('https://');
    expectConfigError(() => targetFromSettings({ ...BASE, CC_AI_URL: 'http://ai.example.test/v1' }), 'CC_AI_URL');
  });

  test('a URL carrying credentials is refused without repeating them', () => {
    const err = expectConfigError(() => targetFromSettings({ ...BASE, CC_BASE_URL: `https://KEYID0001:${SECRET}@api.example.test/api` }), 'CC_BASE_URL');
    expect(err.message).toContain('credentials');
    // Also when the rest of the URL is broken and the value is echoed back to point at the typo.
    const broken = expectConfigError(() => targetFromSettings({ ...BASE, CC_BASE_URL: `https://KEYID0001:${SECRET}@api example.test/api` }), 'CC_BASE_URL');
    expect(broken.message).toContain('not a URL');
    expect(broken.message).toContain('api example.test');
  });

  test('a URL with a query or fragment is refused', () => {
    expectConfigError(() => targetFromSettings({ ...BASE, CC_BASE_URL: 'https://api.example.test/api?x=1' }), 'CC_BASE_URL');
    expectConfigError(() => targetFromSettings({ ...BASE, CC_CUECARD_URL: 'https://cue.example.test/api#top' }), 'CC_CUECARD_URL');
  });

  test('a value that is not a URL is refused', () => {
    expectConfigError(() => targetFromSettings({ ...BASE, CC_ANALYTICS_URL: 'analytics.example.test' }), 'CC_ANALYTICS_URL');
  });

  test('CC_BASE_URL and CC_KEY_ID are required', () => {
    const { CC_BASE_URL: _url, ...noUrl } = BASE;
    expectConfigError(() => targetFromSettings(noUrl), 'CC_BASE_URL');
    expectConfigError(() => targetFromSettings({ CC_BASE_URL: BASE.CC_BASE_URL }), 'CC_KEY_ID');
  });

  test.each(Object.entries(KEY_SLOT_VARIABLE))('half of the %s key pair names the missing half', (_slot, idName) => {
    const secretName = idName.replace(/_ID$/, '_SECRET');
    const base = { CC_BASE_URL: BASE.CC_BASE_URL, ...(idName === 'CC_KEY_ID' ? {} : { CC_KEY_ID: BASE.CC_KEY_ID, CC_KEY_SECRET: SECRET }) };
    const onlyId = expectConfigError(() => targetFromSettings({ ...base, [idName]: 'SOMEKEYID' }), secretName);
    expect(onlyId.message).toContain(`${idName} is set`);
    expectConfigError(() => targetFromSettings({ ...base, [secretName]: SECRET }), idName);
  });

  test('optional key pairs land in their slots', () => {
    const target = targetFromSettings({
      ...BASE,
      CC_KEY2_ID: 'KEYID0002',
      CC_KEY2_SECRET: 'second-secret',
      CC_LIMITS_KEY_ID: 'KEYIDC',
      CC_LIMITS_KEY_SECRET: 'limits-secret',
    });
    expect(target.keys.second).toEqual({ id: 'KEYID0002', secret: 'second-secret' });
    expect(target.keys.limits).toEqual({ id: 'KEYIDC', secret: 'limits-secret' });
    expect(target.keys.other).toBeUndefined();
  });

  test("a key ID holding ':' is refused, since Basic credentials would split it", () => {
    expectConfigError(() => targetFromSettings({ ...BASE, CC_KEY_ID: 'KEY:ID' }), 'CC_KEY_ID');
  });

  test('CC_CA_FILE must exist and hold a PEM certificate; a relative path resolves against cwd', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'ca.pem'), '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n');
    writeFileSync(join(dir, 'key.txt'), 'not a certificate');
    const target = targetFromSettings({ ...BASE, CC_CA_FILE: 'ca.pem' }, dir);
    expect(target.ca).toContain('-----BEGIN CERTIFICATE-----');
    expect(target.caFile).toBe('ca.pem');
    expect(expectConfigError(() => targetFromSettings({ ...BASE, CC_CA_FILE: 'missing.pem' }, dir), 'CC_CA_FILE').message).toContain('no file');
    expect(expectConfigError(() => targetFromSettings({ ...BASE, CC_CA_FILE: 'key.txt' }, dir), 'CC_CA_FILE').message).toContain('no PEM');
  });

  test('CC_RATE_WINDOW_MS and CC_TIMEOUT_MS take integers of milliseconds up to a day', () => {
    expect(targetFromSettings({ ...BASE, CC_RATE_WINDOW_MS: '1000', CC_TIMEOUT_MS: '200' })).toMatchObject({ rateWindowMs: 1000, timeoutMs: 200 });
    expect(targetFromSettings({ ...BASE, CC_RATE_WINDOW_MS: '86400000' })).toMatchObject({ rateWindowMs: 86_400_000 });
    // Beyond 2^31 - 1 ms a Node timer fires at once, which would turn a long wait into none.
    for (const bad of ['0', '-1', '1.5', '1e3', 'abc', '', ' 60000', '60s', '86400001', '2147483648']) {
      expectConfigError(() => targetFromSettings({ ...BASE, CC_RATE_WINDOW_MS: bad }), 'CC_RATE_WINDOW_MS');
      expectConfigError(() => targetFromSettings({ ...BASE, CC_TIMEOUT_MS: bad }), 'CC_TIMEOUT_MS');
    }
  });

  test('CC_BUDGET_SHARE: 0.5 of a live company by default, 1 of the bundled mock, anything from 1/60 to 1 when given', () => {
    expect(targetFromSettings({ ...BASE }).budgetShare).toBe(0.5);
    expect(targetFromSettings({ ...BASE }, process.cwd(), true).budgetShare).toBe(1);
    expect(targetFromSettings({ ...BASE, CC_BUDGET_SHARE: '0.25' }).budgetShare).toBe(0.25);
    expect(targetFromSettings({ ...BASE, CC_BUDGET_SHARE: '1' }).budgetShare).toBe(1);
    expect(targetFromSettings({ ...BASE, CC_BUDGET_SHARE: '.2' }, process.cwd(), true).budgetShare).toBe(0.2);
    for (const bad of ['0', '0.01', '1.01', '2', '-0.5', '50%', 'half', '.', '1e-1', ' 0.5']) {
      expect(expectConfigError(() => targetFromSettings({ ...BASE, CC_BUDGET_SHARE: bad }), 'CC_BUDGET_SHARE').message).toContain(
        'from 0.0167 (one request per window) to 1',
      );
    }
  });

  test('CC_FUZZ_RANDOM: one random value per fuzzed check on a configured target by default, each check its own against the bundled mock', () => {
    expect(targetFromSettings({ ...BASE }).fuzzRandomCap).toBe(1);
    expect(targetFromSettings({ ...BASE }, process.cwd(), true).fuzzRandomCap).toBeUndefined();
    expect(targetFromSettings({ ...BASE, CC_FUZZ_RANDOM: 'all' }).fuzzRandomCap).toBeUndefined();
    expect(targetFromSettings({ ...BASE, CC_FUZZ_RANDOM: '0' }, process.cwd(), true).fuzzRandomCap).toBe(0);
    expect(targetFromSettings({ ...BASE, CC_FUZZ_RANDOM: '3' }).fuzzRandomCap).toBe(3);
    for (const bad of ['-1', '1.5', 'some', '']) {
      expect(expectConfigError(() => targetFromSettings({ ...BASE, CC_FUZZ_RANDOM: bad }), 'CC_FUZZ_RANDOM').message).toContain('a whole number or all');
    }
  });

  test('CC_SEQUENCES: a configured target runs one sequence of 6 steps and 8 requests and keeps nothing for shrinking, but a replay does; the bundled mock explores', () => {
    const replay = 'core.stateful.tags:CORE-STATE-TAGS:5:3:0';
    expect(targetFromSettings({ ...BASE }).sequences).toEqual({ count: 1, steps: 6, stepRequests: 8, shrinkRequests: 0 });
    expect(targetFromSettings({ ...BASE, CC_SEQUENCES: '3' }).sequences).toEqual({ count: 3, steps: 6, stepRequests: 8, shrinkRequests: 0 });
    expect(targetFromSettings({ ...BASE, CC_SEQUENCE_REPLAY: replay }).sequences).toEqual({ count: 1, steps: 6, stepRequests: 8, shrinkRequests: 24 });
    expect(targetFromSettings({ ...BASE }, process.cwd(), true).sequences).toEqual({ count: 10, steps: 14, shrinkRequests: 2000 });
  });

  test('CC_SEQUENCE_CHECKS: 1 stateful check a lane draws random steps on a configured target by default, every one against the bundled mock', () => {
    expect(targetFromSettings({ ...BASE }).sequenceChecksPerLane).toBe(1);
    expect(targetFromSettings({ ...BASE }, process.cwd(), true).sequenceChecksPerLane).toBeUndefined();
    expect(targetFromSettings({ ...BASE, CC_SEQUENCE_CHECKS: 'all' }).sequenceChecksPerLane).toBeUndefined();
    expect(targetFromSettings({ ...BASE, CC_SEQUENCE_CHECKS: '3' }).sequenceChecksPerLane).toBe(3);
    expect(expectConfigError(() => targetFromSettings({ ...BASE, CC_SEQUENCE_CHECKS: 'two' }), 'CC_SEQUENCE_CHECKS').message).toContain(
      'a whole number or all',
    );
  });

  test('CC_FUZZ_CHECKS: 3 fuzzed checks a lane draw random values on a configured target by default, every one against the bundled mock', () => {
    expect(targetFromSettings({ ...BASE }).fuzzChecksPerLane).toBe(3);
    expect(targetFromSettings({ ...BASE }, process.cwd(), true).fuzzChecksPerLane).toBeUndefined();
    expect(targetFromSettings({ ...BASE, CC_FUZZ_CHECKS: 'all' }).fuzzChecksPerLane).toBeUndefined();
    expect(targetFromSettings({ ...BASE, CC_FUZZ_CHECKS: ' 5 ' }).fuzzChecksPerLane).toBe(5);
    expect(targetFromSettings({ ...BASE, CC_FUZZ_CHECKS: '2' }, process.cwd(), true).fuzzChecksPerLane).toBe(2);
    for (const bad of ['-1', '1.5', 'some', '']) {
      expect(expectConfigError(() => targetFromSettings({ ...BASE, CC_FUZZ_CHECKS: bad }), 'CC_FUZZ_CHECKS').message).toContain('a whole number or all');
    }
  });

  test('CC_EFFECTS takes a comma-separated list of known effects', () => {
    expect([...targetFromSettings({ ...BASE, CC_EFFECTS: ' call , sms,' }).effects].sort()).toEqual(['call', 'sms']);
    expect([...targetFromSettings({ ...BASE, CC_EFFECTS: '' }).effects]).toEqual([]);
    const err = expectConfigError(() => targetFromSettings({ ...BASE, CC_EFFECTS: 'call,fax' }), 'CC_EFFECTS');
    expect(err.message).toContain('"fax"');
  });

  test('bundledMock is passed through, never inferred from the URL', () => {
    expect(targetFromSettings({ ...BASE, CC_BASE_URL: 'https://127.0.0.1:7443/api' }).bundledMock).toBe(false);
    expect(targetFromSettings({ ...BASE }, process.cwd(), true).bundledMock).toBe(true);
  });
});

describe('runSeed', () => {
  test('accepts 0 to 2^31 - 1 and refuses anything else', () => {
    expect(runSeed({ CC_SEED: '0' })).toBe(0);
    expect(runSeed({ CC_SEED: '2147483647' })).toBe(2147483647);
    for (const bad of ['2147483648', '-1', '1.0', 'abc', '', '99999999999999999999']) expectConfigError(() => runSeed({ CC_SEED: bad }), 'CC_SEED');
  });

  test('without CC_SEED a fresh seed in range is drawn', () => {
    const seed = runSeed({});
    expect(Number.isInteger(seed)).toBe(true);
    expect(seed).toBeGreaterThanOrEqual(0);
    expect(seed).toBeLessThan(2 ** 31);
  });
});

describe('namesNoTarget', () => {
  test('only a URL or the primary key pair names a target', () => {
    expect(namesNoTarget({})).toBe(true);
    expect(namesNoTarget({ CC_SEED: '1', CC_RATE_WINDOW_MS: '1000', CC_EFFECTS: 'call' })).toBe(true);
    expect(namesNoTarget({ CC_BASE_URL: BASE.CC_BASE_URL })).toBe(false);
    expect(namesNoTarget({ CC_CUECARD_URL: 'https://cue.example.test/api' })).toBe(false);
    expect(namesNoTarget({ CC_KEY_ID: 'KEYID0001' })).toBe(false);
    expect(namesNoTarget({ CC_KEY_SECRET: SECRET })).toBe(false);
  });
});

describe('checkSettings: every variable set is checked, whether or not a target is named', () => {
  test('without a target, a bad value is refused as it would be with one', () => {
    expectConfigError(() => checkSettings({ CC_EFFECTS: 'foo' }), 'CC_EFFECTS');
    expectConfigError(() => checkSettings({ CC_RATE_WINDOW_MS: '-5' }), 'CC_RATE_WINDOW_MS');
    expectConfigError(() => checkSettings({ CC_BUDGET_EXCLUSIVE: 'maybe' }), 'CC_BUDGET_EXCLUSIVE');
    expectConfigError(() => checkSettings({ CC_BUDGET_SHARE: '2' }), 'CC_BUDGET_SHARE');
    expectConfigError(() => checkSettings({ CC_TIMEOUT_MS: '0' }), 'CC_TIMEOUT_MS');
    expectConfigError(() => checkSettings({ CC_FUZZ_RANDOM: 'many' }), 'CC_FUZZ_RANDOM');
    expectConfigError(() => checkSettings({ CC_SEED: 'x' }), 'CC_SEED');
    expectConfigError(() => checkSettings({ CC_DIALER_RELEASE: '9.9' }), 'CC_DIALER_RELEASE');
    expectConfigError(() => checkSettings({ CC_KEY2_ID: 'KEYID0002' }), 'CC_KEY2_SECRET');
    expectConfigError(() => checkSettings({ CC_CA_FILE: join(tempDir(), 'absent.pem') }), 'CC_CA_FILE');
    // The bad value is shown, so the line alone says what to fix.
    expect(expectConfigError(() => checkSettings({ CC_BUDGET_EXCLUSIVE: 'maybe' }), 'CC_BUDGET_EXCLUSIVE').message).toContain('"maybe"');
  });

  test('good values, and no value at all, pass; nothing is required without a target', () => {
    expect(() => checkSettings({})).not.toThrow();
    expect(() =>
      checkSettings({ CC_EFFECTS: 'call,budget', CC_RATE_WINDOW_MS: '1000', CC_BUDGET_EXCLUSIVE: 'true', CC_SEED: '3', CC_DIALER_RELEASE: '1.0.21' }),
    ).not.toThrow();
  });

  test('the target variables are the host URLs and the primary key pair', () => {
    expect([...TARGET_VARIABLES].sort()).toEqual(['CC_AI_URL', 'CC_ANALYTICS_URL', 'CC_BASE_URL', 'CC_CUECARD_URL', 'CC_KEY_ID', 'CC_KEY_SECRET']);
  });
});
