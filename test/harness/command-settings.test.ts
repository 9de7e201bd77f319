import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { commandSettings, warnReplacedByMock } from '../../cli/settings.ts';
import { gitExposure } from '../../lib/config/git-exposure.ts';

const ROOT = new URL('../..', import.meta.url).pathname;
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A folder with a config file, in a fresh git repository unless `repo` is false. */
function configIn(content: Record<string, string>, repo = true): { dir: string; file: string } {
  const dir = mkdtempSync(join(tmpdir(), 'cc-settings-'));
  dirs.push(dir);
  if (repo) execFileSync('git', ['init', '-q'], { cwd: dir });
  const file = join(dir, 'cc-conformance.json');
  writeFileSync(file, JSON.stringify(content));
  return { dir, file };
}

function warningsFor(file: string): string[] {
  const lines: string[] = [];
  commandSettings({ CC_CONFIG_FILE: file }, (line) => lines.push(line));
  return lines;
}

const KEYED = { CC_BASE_URL: 'https://api.example.test/api', CC_KEY_ID: 'KEYID0001', CC_KEY_SECRET: 'a-secret-never-printed' };

describe('a config file holding a key pair is kept out of git', () => {
  test('tracked by git, or in a work tree that no ignore rule covers: one warning line, naming the file and the key variables, never their values', () => {
    const { dir, file } = configIn(KEYED);
    const unignored = warningsFor(file);
    expect(unignored).toHaveLength(1);
    expect(unignored[0]).toContain('git add .');
    execFileSync('git', ['add', 'cc-conformance.json'], { cwd: dir });
    const tracked = warningsFor(file);
    expect(tracked).toHaveLength(1);
    expect(tracked[0]).toContain('git tracks it');
    for (const line of [...unignored, ...tracked]) {
      expect(line).toContain(file);
      expect(line).toContain('CC_KEY_ID, CC_KEY_SECRET');
      expect(line).not.toContain('KEYID0001');
      expect(line).not.toContain('a-secret-never-printed');
    }
  });

  test('ignored, outside any repository, or holding no key pair: no warning', () => {
    const ignored = configIn(KEYED);
    writeFileSync(join(ignored.dir, '.gitignore'), 'cc-conformance.json\n');
    expect(warningsFor(ignored.file)).toEqual([]);
    expect(warningsFor(configIn(KEYED, false).file)).toEqual([]);
    const keyless = configIn({ CC_BASE_URL: KEYED.CC_BASE_URL, CC_EFFECTS: 'call' });
    execFileSync('git', ['add', 'cc-conformance.json'], { cwd: keyless.dir });
    expect(warningsFor(keyless.file)).toEqual([]);
  });

  test("this project's git ignores the config file and the mock's variables file", () => {
    const ignored = readFileSync(join(ROOT, '.gitignore'), 'utf8').split('\n');
    expect(ignored).toContain('cc-conformance.json');
    expect(ignored).toContain('mock.env');
    // Where the project is a git clone, git agrees.
    expect(gitExposure(join(ROOT, 'cc-conformance.json'))).toBeUndefined();
  });
});

describe('the bundled mock replaces some variables with its own', () => {
  test('one line naming those given, none when none is given; the variables it uses as given are not named', () => {
    const lines: string[] = [];
    warnReplacedByMock(
      { CC_EFFECTS: 'call', CC_RATE_WINDOW_MS: '1000', CC_SEED: '4', CC_BUDGET_SHARE: '0.5', CC_OTHER_KEY_ID: 'B', CC_OTHER_KEY_SECRET: 'b-secret' },
      (line) => lines.push(line),
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('CC_OTHER_KEY_ID, CC_OTHER_KEY_SECRET, CC_RATE_WINDOW_MS, CC_EFFECTS');
    expect(lines[0]).not.toMatch(/CC_SEED|CC_BUDGET_SHARE|b-secret/);
    const none: string[] = [];
    warnReplacedByMock({ CC_SEED: '4', CC_DIALER_RELEASE: '1.0.21' }, (line) => none.push(line));
    expect(none).toEqual([]);
  });
});
