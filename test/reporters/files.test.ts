import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { writeReports } from '../../reporters/files.ts';
import { renderHtml } from '../../reporters/html.ts';
import { renderJunit } from '../../reporters/junit.ts';
import { renderSummaryMarkdown } from '../../reporters/summary-md.ts';
import { SECRET, TAG_200, TAG_404, evidence, fail, outcome, pass, report, rules, skip } from './fixtures.ts';
import { parseXml } from './xml.ts';

const root = mkdtempSync(join(tmpdir(), 'cc-reporters-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const plain = () =>
  report([outcome('a', [fail(TAG_404, 'expected 404', evidence(200)), skip(TAG_200, 'needs CC_KEY2_ID')])], { rules: rules(TAG_404, TAG_200) });

describe('writeReports', () => {
  test('writes the four files into a directory it creates, and the JSON reads back as the report', () => {
    const dir = join(root, 'not', 'yet', 'there');
    const r = plain();
    const written = writeReports(r, dir, (t) => t);
    expect(written).toEqual({
      json: join(dir, 'conformance.json'),
      junit: join(dir, 'junit.xml'),
      html: join(dir, 'conformance.html'),
      summary: join(dir, 'summary.md'),
    });
    const json = readFileSync(written.json, 'utf8');
    expect(json.endsWith('}\n')).toBe(true);
    expect(JSON.parse(json)).toEqual(r);
    expect(readFileSync(written.junit, 'utf8')).toBe(renderJunit(r));
    expect(readFileSync(written.html, 'utf8')).toBe(renderHtml(r));
    expect(readFileSync(written.summary, 'utf8')).toBe(renderSummaryMarkdown(r));
  });

  test('writes again over an existing directory and files', () => {
    const dir = join(root, 'again');
    writeReports(plain(), dir, (t) => t);
    const r = report([outcome('a', [pass(TAG_404)])], { rules: rules(TAG_404) });
    const written = writeReports(r, dir, (t) => t);
    expect(JSON.parse(readFileSync(written.json, 'utf8'))).toEqual(r);
  });

  test('scrub runs over each whole file, so a secret that slipped into any message reaches neither', () => {
    const leaky = evidence(401, `{"echo":"${SECRET}"}`);
    const r = report(
      [
        outcome(
          'a',
          [
            fail(TAG_404, `server said ${SECRET}`, { ...leaky, request: { ...leaky.request, headers: { 'x-echo': SECRET }, body: SECRET } }),
            { ...pass(TAG_200), notes: [`noted ${SECRET}`] },
          ],
          { leftovers: [`tag named ${SECRET}`] },
        ),
      ],
      { rules: rules(TAG_404, TAG_200), problems: [`problem with ${SECRET}`] },
    );
    const seen: string[] = [];
    const written = writeReports(r, join(root, 'scrubbed'), (t) => {
      seen.push(t);
      return t.split(SECRET).join('[redacted]');
    });
    // The guard only works if it sees the finished documents, not pieces of them.
    expect(seen).toEqual([`${JSON.stringify(r, null, 2)}\n`, renderJunit(r), renderHtml(r), renderSummaryMarkdown(r)]);
    for (const file of [written.json, written.junit, written.html, written.summary]) {
      const text = readFileSync(file, 'utf8');
      expect(text, file).not.toContain(SECRET);
      expect(text, file).toContain('[redacted]');
    }
    const back = JSON.parse(readFileSync(written.json, 'utf8')) as typeof r;
    expect(back.rules[0]?.detail).toBe('server said [redacted]');
    expect(back.problems).toEqual(['problem with [redacted]']);
    expect(() => parseXml(readFileSync(written.junit, 'utf8'))).not.toThrow();
  });
});
