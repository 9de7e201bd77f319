/**
 * The CI templates of examples/ci/ hold together: the GitHub workflow passes the pinned actionlint,
 * the GitLab job has what GitLab requires, both run the gate with the expectations file and keep its
 * reports whatever the outcome, and neither holds a credential or prints one. Needs actionlint
 * (`bash tools/actionlint/install.sh`); without it that test is skipped, except in CI, where a missing
 * actionlint is a failure.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { describe, expect, test, type TestContext } from 'vitest';
import { parse } from 'yaml';
import { executable } from '../../cli/k6-process.ts';

const ROOT = new URL('../..', import.meta.url).pathname;
const GITHUB_FILE = 'examples/ci/github/conformance.yml';
const GITLAB_FILE = 'examples/ci/gitlab/conformance.gitlab-ci.yml';
const MISSING = 'actionlint not installed: bash tools/actionlint/install.sh';

const read = (path: string): string => readFileSync(join(ROOT, path), 'utf8');

/** The project's pinned build first, then whatever actionlint is on PATH. */
function findActionlint(): string | undefined {
  const dirs = [join(ROOT, '.tools', 'bin'), ...(process.env.PATH ?? '').split(delimiter).filter(Boolean)];
  return dirs.map((dir) => join(dir, 'actionlint')).find(executable);
}

const ACTIONLINT = findActionlint();

function requireActionlint(ctx: TestContext): string {
  if (ACTIONLINT) return ACTIONLINT;
  if (process.env.CI === 'true') throw new Error(MISSING);
  return ctx.skip(MISSING);
}

/**
 * actionlint hands `run:` scripts to shellcheck and pyflakes when it finds them on PATH; both are turned
 * off so that the verdict is the pinned actionlint's alone, the same on every machine.
 */
function actionlint(binary: string, file: string): { code: number | null; findings: string } {
  const run = spawnSync(binary, ['-no-color', '-shellcheck=', '-pyflakes=', file], { cwd: ROOT, encoding: 'utf8' });
  return { code: run.status, findings: `${run.stdout}${run.stderr}`.trim() };
}

type Mapping = Record<string, unknown>;

function isMapping(value: unknown): value is Mapping {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function mapping(value: unknown, what: string): Mapping {
  if (!isMapping(value)) throw new Error(`${what} is not a mapping`);
  return value;
}

function list(value: unknown, what: string): unknown[] {
  if (!Array.isArray(value)) throw new Error(`${what} is not a list`);
  return value;
}

const github = (): Mapping => mapping(parse(read(GITHUB_FILE)), GITHUB_FILE);
const gitlab = (): Mapping => mapping(parse(read(GITLAB_FILE)), GITLAB_FILE);

interface Step {
  readonly uses?: string;
  readonly run?: string;
  readonly if?: string;
  readonly with?: Mapping;
  readonly env?: Mapping;
}

function githubSteps(workflow: Mapping): Step[] {
  return Object.entries(mapping(workflow.jobs, 'jobs')).flatMap(([id, job]) =>
    list(mapping(job, `jobs.${id}`).steps, `jobs.${id}.steps`).map((step) => mapping(step, `a step of ${id}`) as Step),
  );
}

/** The keywords GitLab reads at the top of a pipeline file; every other key not starting with `.` is a job. */
const GITLAB_GLOBAL_KEYS = new Set([
  'default',
  'include',
  'stages',
  'variables',
  'workflow',
  'image',
  'services',
  'cache',
  'before_script',
  'after_script',
  'spec',
]);

/** The job keywords these templates may use; a key outside it is a typo or a keyword GitLab does not have. */
const GITLAB_JOB_KEYS = new Set([
  'script',
  'stage',
  'image',
  'variables',
  'artifacts',
  'rules',
  'resource_group',
  'timeout',
  'before_script',
  'after_script',
  'cache',
  'tags',
  'needs',
  'interruptible',
  'retry',
  'when',
  'allow_failure',
  'environment',
  'only',
  'except',
  'services',
  'id_tokens',
  'secrets',
]);

function gitlabJobs(pipeline: Mapping): [string, Mapping][] {
  return Object.entries(pipeline)
    .filter(([key]) => !GITLAB_GLOBAL_KEYS.has(key) && !key.startsWith('.'))
    .map(([key, job]) => [key, mapping(job, `job ${key}`)]);
}

/** The major version of a `node:<major>...` image, from the job's own image or the file's. */
function nodeMajor(image: unknown): number | undefined {
  const name = isMapping(image) ? image.name : image;
  const major = typeof name === 'string' ? /^(?:docker\.io\/)?(?:library\/)?node:(\d+)/.exec(name)?.[1] : undefined;
  return major === undefined ? undefined : Number(major);
}

/** The credential variables cc-conformance reads: every key pair's ID and secret. */
const CREDENTIAL = /\bCC_(?:[A-Z0-9]+_)?KEY\d*_(?:ID|SECRET)\b/;

const RUN_GATE = /\bcc-conformance run --expect ci\/cc-expectations\.json --reports reports(?:\s|$)/;

describe('the GitHub Actions template', () => {
  test('the pinned actionlint finds nothing in it, and finds a broken copy of it', (ctx) => {
    const binary = requireActionlint(ctx);
    const clean = actionlint(binary, GITHUB_FILE);
    expect(clean.findings).toBe('');
    expect(clean.code).toBe(0);
    // A misspelt key in a copy: proves the binary found really lints, so the pass above means something.
    const dir = mkdtempSync(join(tmpdir(), 'cc-actionlint-'));
    try {
      const broken = join(dir, 'conformance.yml');
      const misspelt = read(GITHUB_FILE).replace('timeout-minutes: 30', 'timeout-minute: 30');
      expect(misspelt).not.toBe(read(GITHUB_FILE));
      writeFileSync(broken, misspelt);
      const found = actionlint(binary, broken);
      expect(found.code).toBe(1);
      expect(found.findings).toMatch(/timeout-minute/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('runs the gate on push, on a schedule and by hand, one run at a time, bounded in time, on Node 20 or newer', () => {
    const workflow = github();
    expect(Object.keys(mapping(workflow.on, 'on'))).toEqual(expect.arrayContaining(['push', 'schedule', 'workflow_dispatch']));
    const concurrency = mapping(workflow.concurrency, 'concurrency');
    expect(concurrency.group).toEqual(expect.any(String));
    // Cancelling the run in progress could leave its records on the account.
    expect(concurrency['cancel-in-progress']).toBe(false);
    for (const [id, job] of Object.entries(mapping(workflow.jobs, 'jobs'))) {
      expect(mapping(job, id)['timeout-minutes'], id).toBeLessThanOrEqual(30);
    }
    const steps = githubSteps(workflow);
    const setupNode = steps.find((s) => s.uses?.startsWith('actions/setup-node@'));
    expect(Number(setupNode?.with?.['node-version'])).toBeGreaterThanOrEqual(20);
    // Third-party actions are pinned to a major version tag or a full commit SHA, never a branch.
    for (const step of steps.filter((s) => s.uses !== undefined)) expect(step.uses).toMatch(/^[\w.-]+\/[\w.-]+@(?:v\d+|[0-9a-f]{40})$/);
    expect(steps.filter((s) => s.run !== undefined && RUN_GATE.test(s.run))).toHaveLength(1);
  });

  test('uploads the JUnit, HTML and JSON reports with if: always(), after the gate has run', () => {
    const steps = githubSteps(github());
    const gate = steps.findIndex((s) => s.run !== undefined && RUN_GATE.test(s.run));
    const upload = steps.findIndex((s) => s.uses?.startsWith('actions/upload-artifact@'));
    expect(gate).toBeGreaterThanOrEqual(0);
    expect(upload).toBeGreaterThan(gate);
    const step = steps[upload] as Step;
    expect(step.if?.replace(/^\$\{\{\s*(.*?)\s*\}\}$/, '$1')).toBe('always()');
    const paths = String(step.with?.path ?? '')
      .split('\n')
      .map((p) => p.trim());
    expect(paths).toEqual(expect.arrayContaining(['reports/junit.xml', 'reports/conformance.html', 'reports/conformance.json']));
  });

  test('takes each credential from the repository secrets, as an environment variable only', () => {
    for (const step of githubSteps(github())) {
      for (const [name, value] of Object.entries(step.env ?? {})) {
        if (CREDENTIAL.test(name)) expect(value, name).toBe(`\${{ secrets.${name} }}`);
      }
      // A secret expanded inside a script would be written into the script's text.
      expect(step.run ?? '').not.toMatch(/secrets\./);
    }
  });
});

describe('the GitLab CI template', () => {
  test('has what GitLab requires: its stages listed, a script and a stage per job, no keyword GitLab lacks', () => {
    const pipeline = gitlab();
    const stages = list(pipeline.stages, 'stages');
    const jobs = gitlabJobs(pipeline);
    expect(jobs.length).toBeGreaterThan(0);
    for (const [name, job] of jobs) {
      expect(
        Object.keys(job).filter((key) => !GITLAB_JOB_KEYS.has(key)),
        name,
      ).toEqual([]);
      expect(stages, name).toContain(job.stage);
      const script = list(job.script, `${name}.script`);
      expect(script.length, name).toBeGreaterThan(0);
      for (const line of script) expect(typeof line === 'string' && line.trim() !== '', `${name}: ${String(line)}`).toBe(true);
    }
  });

  test('runs the gate on Node 20 or newer, one run at a time, bounded in time', () => {
    const pipeline = gitlab();
    for (const [name, job] of gitlabJobs(pipeline)) {
      expect(nodeMajor(job.image ?? pipeline.image), name).toBeGreaterThanOrEqual(20);
      expect(job.resource_group, name).toEqual(expect.any(String));
      expect(job.timeout, name).toMatch(/^\d+ ?(?:m|min|minutes?)$/);
    }
    const gates = gitlabJobs(pipeline)
      .flatMap(([, job]) => list(job.script, 'script'))
      .filter((line) => RUN_GATE.test(String(line)));
    expect(gates).toHaveLength(1);
  });

  test('keeps the reports whatever the outcome and publishes the JUnit as the pipeline test report', () => {
    const gate = gitlabJobs(gitlab()).find(([, job]) => list(job.script, 'script').some((line) => RUN_GATE.test(String(line))));
    const artifacts = mapping(gate?.[1].artifacts, 'artifacts');
    expect(artifacts.when).toBe('always');
    expect(mapping(artifacts.reports, 'artifacts.reports').junit).toBe('reports/junit.xml');
    expect(list(artifacts.paths, 'artifacts.paths')).toEqual(
      expect.arrayContaining(['reports/junit.xml', 'reports/conformance.html', 'reports/conformance.json']),
    );
  });

  test('defines no credential: GitLab hands them over from the project settings', () => {
    const pipeline = gitlab();
    const variables = [pipeline.variables, ...gitlabJobs(pipeline).map(([, job]) => job.variables)].flatMap((v) => (isMapping(v) ? Object.keys(v) : []));
    expect(variables.filter((name) => CREDENTIAL.test(name))).toEqual([]);
  });
});

describe('both templates', () => {
  test.each([GITHUB_FILE, GITLAB_FILE])('%s holds no credential value and never expands or traces one in a script', (file) => {
    const text = read(file);
    // Written as an assignment, a credential is a literal; the only assignment allowed is GitHub's
    // reference to its secret store of the same name.
    for (const line of text.split('\n')) {
      const assigned = new RegExp(`(${CREDENTIAL.source})\\s*[:=]\\s*(\\S.*)?$`).exec(line);
      if (assigned) expect(assigned[2]?.trim(), line).toBe(`\${{ secrets.${assigned[1]} }}`);
    }
    // The scripts check the credentials by name (`${!name}`, `printenv "$name"`) and never spell them
    // as an expansion, so no echo or error message can print a value.
    expect(text).not.toMatch(new RegExp(`\\$\\{?${CREDENTIAL.source.replace(/^\\b/, '')}`));
    expect(text).not.toMatch(/\bset -[a-z]*x/);
  });
});
