/**
 * The one JUnit writer: a document of testsuites and testcases, given as data, to XML text. Every JUnit
 * file the project writes (`junit.xml` of a conformance run, `compare-junit.xml`, `k6-<run>-junit.xml`)
 * is a view that maps its result to this data; the elements, their layout, the counts and the escaping
 * are decided here once. Loaded by k6 too: no Node built-ins, relative imports only.
 */
import { junitSeconds } from './durations.ts';
import { escapeXml } from './escape-xml.ts';

/** A `failure` or an `error`: the one-line message, the kind (`threshold`), and the full text. */
export interface JunitProblem {
  readonly message: string;
  readonly type?: string;
  /** Left out, the element is empty: `<failure message="..."/>`. */
  readonly text?: string;
}

/** A testcase passes unless it holds a failure, an error or a skip. */
export interface JunitCase {
  readonly classname: string;
  readonly name: string;
  /** Left out, the testcase has no `time`. */
  readonly timeMs?: number;
  readonly failure?: JunitProblem;
  readonly error?: JunitProblem;
  readonly skipped?: { readonly message: string };
  readonly systemOut?: string;
}

export interface JunitSuite {
  readonly name: string;
  readonly cases: readonly JunitCase[];
  /**
   * Tests left out of the run: JUnit has no disabled testcase, and a dashboard would count one as skipped
   * or passed, so they are counted here only (the Ant/Jenkins schema's attribute).
   */
  readonly disabled?: number;
  readonly timeMs?: number;
  /** ISO 8601. */
  readonly timestamp?: string;
  readonly properties?: readonly (readonly [name: string, value: string])[];
  /** Output of the suite as a whole, after its testcases. */
  readonly systemOut?: string;
}

export interface JunitDocument {
  readonly name: string;
  readonly suites: readonly JunitSuite[];
  readonly disabled?: number;
  readonly timeMs?: number;
}

type Attribute = readonly [name: string, value: string | number | undefined];

/** ` a="1" b="2"`, values escaped, those left undefined left out. */
function attributes(list: readonly Attribute[]): string {
  return list
    .filter((a): a is readonly [string, string | number] => a[1] !== undefined)
    .map(([name, value]) => ` ${name}="${escapeXml(String(value))}"`)
    .join('');
}

const timeOf = (ms: number | undefined): string | undefined => (ms === undefined ? undefined : junitSeconds(ms));

/** The counts every testsuite and the root carry, always those of the testcases they hold. */
function counts(cases: readonly JunitCase[]): Attribute[] {
  return [
    ['tests', cases.length],
    ['failures', cases.filter((c) => c.failure).length],
    ['errors', cases.filter((c) => c.error).length],
    ['skipped', cases.filter((c) => c.skipped).length],
  ];
}

function problemXml(element: 'failure' | 'error', problem: JunitProblem): string {
  const open = `      <${element}${attributes([
    ['type', problem.type],
    ['message', problem.message],
  ])}`;
  return problem.text === undefined ? `${open}/>` : `${open}>${escapeXml(problem.text)}</${element}>`;
}

function caseXml(c: JunitCase): string {
  const open = `    <testcase${attributes([
    ['classname', c.classname],
    ['name', c.name],
    ['time', timeOf(c.timeMs)],
  ])}>`;
  const inside = [
    ...(c.failure ? [problemXml('failure', c.failure)] : []),
    ...(c.error ? [problemXml('error', c.error)] : []),
    ...(c.skipped ? [`      <skipped${attributes([['message', c.skipped.message]])}/>`] : []),
    ...(c.systemOut !== undefined ? [`      <system-out>${escapeXml(c.systemOut)}</system-out>`] : []),
  ];
  // A passing testcase stays one line; one with content is never self-closing, so a reader matching
  // `<testcase ...>...</testcase>` finds each on its own.
  return inside.length === 0 ? `${open}</testcase>` : [open, ...inside, '    </testcase>'].join('\n');
}

function suiteXml(s: JunitSuite): string[] {
  const properties = s.properties ?? [];
  return [
    `  <testsuite${attributes([['name', s.name], ...counts(s.cases), ['disabled', s.disabled], ['time', timeOf(s.timeMs)], ['timestamp', s.timestamp]])}>`,
    ...(properties.length > 0
      ? [
          '    <properties>',
          ...properties.map(
            ([name, value]) =>
              `      <property${attributes([
                ['name', name],
                ['value', value],
              ])}/>`,
          ),
          '    </properties>',
        ]
      : []),
    ...s.cases.map(caseXml),
    ...(s.systemOut !== undefined ? [`    <system-out>${escapeXml(s.systemOut)}</system-out>`] : []),
    '  </testsuite>',
  ];
}

/** The document as UTF-8 XML text, ending with a newline. */
export function toJunitXml(doc: JunitDocument): string {
  const all = doc.suites.flatMap((s) => s.cases);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites${attributes([['name', doc.name], ...counts(all), ['disabled', doc.disabled], ['time', timeOf(doc.timeMs)]])}>`,
    ...doc.suites.flatMap(suiteXml),
    '</testsuites>',
    '',
  ].join('\n');
}
