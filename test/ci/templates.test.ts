/**
 * The CI templates of examples/ci/ and the action (action.yml) hold together: the GitHub workflow and a
 * workflow using the action pass the pinned actionlint, the action is a composite one that runs the gate,
 * uploads the reports and shows summary.md whatever the outcome, the GitLab job has what GitLab requires,
 * all run the gate with the expectations file and keep its reports, and none holds a credential or prints one. Needs actionlint
 * (`bash tools/actionlint/install.sh`); without it that test is skipped, except in CI, where a missing
 * actionlint is a failure.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { describe, expect, test, type TestContext } from 'vitest';
import { parse } from 'yaml';
import { executable } from '../../cli/k6-process.ts';

const ROOT = new URL('../..', import.meta.url).pathname;
const GITHUB_FILE = 'examples/ci/github/conformance.yml';
const GITLAB_FILE = 'examples/ci/gitlab/conformance.gitlab-ci.yml';
const ACTION_FILE = 'action.yml';
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
function actionlint(binary: string, file: string, cwd = ROOT): { code: number | null; findings: string } {
  const run = spawnSync(binary, ['-no-color', '-shellcheck=', '-pyflakes=', file], { cwd, encoding: 'utf8' });
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
const action = (): Mapping => mapping(parse(read(ACTION_FILE)), ACTION_FILE);

interface Step {
  readonly name?: string;
  readonly id?: string;
  readonly shell?: string;
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

/** The step of the GitHub workflow that runs the gate: the cc-conformance action, with the expectations file and the reports folder. */
const usesAction = (s: Step) => s.uses !== undefined && /^[\w.-]+\/cc-conformance@/.test(s.uses);

const always = (s: Step | undefined) => s?.if?.replace(/^\$\{\{\s*(.*?)\s*\}\}$/, '$1');

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
    const gates = steps.filter(usesAction);
    expect(gates).toHaveLength(1);
    // The action runs `cc-conformance run --expect <expectations> --reports <reports>`, and uploads that folder.
    expect(gates[0]?.with).toEqual({ expectations: 'ci/cc-expectations.json', reports: 'reports' });
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

describe('the action (action.yml)', () => {
  /** A project holding the action at its root and a workflow that uses it as `./`, as a repository testing its own action would. */
  function lintUse(binary: string, inputs: string): { code: number | null; findings: string } {
    const dir = mkdtempSync(join(tmpdir(), 'cc-action-'));
    try {
      mkdirSync(join(dir, '.git'));
      mkdirSync(join(dir, '.github', 'workflows'), { recursive: true });
      copyFileSync(join(ROOT, ACTION_FILE), join(dir, 'action.yml'));
      const workflow = join('.github', 'workflows', 'use.yml');
      writeFileSync(
        join(dir, workflow),
        [
          'name: use',
          'on: push',
          'jobs:',
          '  gate:',
          '    runs-on: ubuntu-latest',
          '    steps:',
          '      - uses: actions/checkout@v4',
          '      - uses: ./',
          '        env:',
          '          CC_BASE_URL: ${{ vars.CC_BASE_URL }}',
          '        with:',
          ...inputs.split('\n').map((line) => `          ${line}`),
          '',
        ].join('\n'),
      );
      return actionlint(binary, workflow, dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  test('the pinned actionlint reads it through a workflow that uses it, every input given, and finds an input it lacks', (ctx) => {
    const binary = requireActionlint(ctx);
    const every = Object.keys(mapping(action().inputs, 'inputs'))
      .map((name) => `${name}: x`)
      .join('\n');
    const clean = lintUse(binary, every);
    expect(clean.findings).toBe('');
    expect(clean.code).toBe(0);
    const found = lintUse(binary, 'reportz: reports');
    expect(found.code).toBe(1);
    expect(found.findings).toMatch(/reportz/);
  });

  test('is a composite action whose every input is documented, expectations, reports and args among them, none a credential', () => {
    const doc = action();
    expect(doc.name).toEqual(expect.any(String));
    expect(doc.description).toEqual(expect.any(String));
    expect(mapping(doc.runs, 'runs').using).toBe('composite');
    const inputs = mapping(doc.inputs, 'inputs');
    expect(Object.keys(inputs)).toEqual(expect.arrayContaining(['expectations', 'reports', 'args']));
    expect(mapping(inputs.reports, 'inputs.reports').default).toBe('cc-reports');
    for (const [name, input] of Object.entries(inputs)) {
      const spec = mapping(input, `inputs.${name}`);
      expect(String(spec.description ?? '').trim(), name).not.toBe('');
      expect(spec.required ?? false, name).toBe(false);
      // Inputs are not masked: a credential goes in the calling step's env, never here.
      expect(name, name).not.toMatch(/key|secret|token|password/i);
    }
  });

  test('every run step names its shell and reads inputs as variables only, never expanded into the script', () => {
    const steps = list(mapping(action().runs, 'runs').steps, 'runs.steps').map((step) => mapping(step, 'a step') as Step);
    for (const step of steps.filter((s) => s.run !== undefined)) {
      expect(step.shell, step.name).toBe('bash');
      expect(step.run, step.name).not.toMatch(/\$\{\{/);
    }
  });

  test("installs, runs the gate, then uploads the reports folder and shows summary.md with if: always(), and exits with the run's code", () => {
    const steps = list(mapping(action().runs, 'runs').steps, 'runs.steps').map((step) => mapping(step, 'a step') as Step);
    const install = steps.findIndex((s) => s.run !== undefined && /\bnpm ci\b/.test(s.run));
    const gate = steps.findIndex((s) => s.id === 'gate');
    const upload = steps.findIndex((s) => s.uses === 'actions/upload-artifact@v4');
    const summary = steps.findIndex((s) => s.run !== undefined && s.run.includes('GITHUB_STEP_SUMMARY'));
    const exit = steps.length - 1;
    expect(install).toBe(0);
    expect(steps[install]?.['working-directory' as keyof Step]).toBe('${{ github.action_path }}');
    expect(gate).toBeGreaterThan(install);
    expect(steps[gate]?.run).toMatch(/node "\$CC_ACTION_BIN" run "\$\{expect\[@\]\}" --reports "\$CC_ACTION_REPORTS"/);
    expect(steps[gate]?.env?.CC_ACTION_BIN).toBe('${{ github.action_path }}/bin/cc-conformance.js');
    expect(steps[gate]?.run).toContain('expect=(--expect "$CC_ACTION_EXPECTATIONS")');
    expect(steps[gate]?.run).toContain('exit-code=$code');
    expect(upload).toBeGreaterThan(gate);
    expect(always(steps[upload])).toBe('always()');
    expect(steps[upload]?.with?.path).toBe('${{ inputs.reports }}');
    expect(summary).toBeGreaterThan(gate);
    expect(always(steps[summary])).toBe('always()');
    expect(steps[summary]?.run).toContain('cat "$CC_ACTION_REPORTS/summary.md" >> "$GITHUB_STEP_SUMMARY"');
    expect(always(steps[exit])).toBe('always()');
    expect(steps[exit]?.env?.CC_ACTION_EXIT).toBe('${{ steps.gate.outputs.exit-code }}');
    expect(steps[exit]?.run).toMatch(/^exit "\$\{CC_ACTION_EXIT:-1\}"/);
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
      expect.arrayContaining(['reports/junit.xml', 'reports/conformance.html', 'reports/conformance.json', 'reports/summary.md']),
    );
    // after_script runs whatever the script's outcome: summary.md ends the job log.
    expect(list(gate?.[1].after_script, 'after_script').join('\n')).toMatch(/cat reports\/summary\.md/);
  });

  test('defines no credential: GitLab hands them over from the project settings', () => {
    const pipeline = gitlab();
    const variables = [pipeline.variables, ...gitlabJobs(pipeline).map(([, job]) => job.variables)].flatMap((v) => (isMapping(v) ? Object.keys(v) : []));
    expect(variables.filter((name) => CREDENTIAL.test(name))).toEqual([]);
  });
});

describe('both templates and the action', () => {
  test.each([GITHUB_FILE, GITLAB_FILE, ACTION_FILE])('%s holds no credential value and never expands or traces one in a script', (file) => {
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
