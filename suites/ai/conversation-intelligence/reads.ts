import type { Exchange } from '../../../lib/http/exchange.ts';
import type { Assertions } from '../../../lib/checks/assertions.ts';
import { defineCheck } from '../../../lib/checks/define.ts';
import { successMediaJudge } from '../../shared/media.ts';
import {
  analysedCall,
  CI_READS,
  type CiRead,
  callWithoutAnalysis,
  ciPath,
  dataOf,
  FIND_CALL_REQUESTS,
  FIND_UNANALYSED_REQUESTS,
  isObject,
  PAGED_READS,
} from './calls.ts';

/** Reads of analysed calls (and of one without analysis): envelopes, the transcription's shape. */

/** The vendor reference's fields of each read (the spec shows only the transcription's). */
const VENDOR_SCHEMA: Readonly<Partial<Record<CiRead, string>>> = {
  summary: 'ai/ci-summary',
  'overall-sentiment': 'ai/ci-overall-sentiment',
  'talk-listen-ratio': 'ai/ci-talk-listen-ratio',
  topics: 'ai/topics',
  'smart-notes': 'ai/ci-smart-notes',
  'details-link': 'ai/ci-details-link',
};

/**
 * A transcription page: its schema and the call asked for (CI-TRANSCRIPTION-SCHEMA), each segment's caller one
 * of its callers (CI-SEGMENT-CALLER) and no segment ending before it starts (CI-SEGMENT-TIMES). Returns how
 * many segments it judged: none when the page is not of the schema.
 */
export function judgeTranscription(t: Assertions, ex: Exchange, callId: number): number {
  t.expectStatus('CI-TRANSCRIPTION-SCHEMA', ex, 200);
  if (!t.expectSchema('CI-TRANSCRIPTION-SCHEMA', ex, 'ai/transcription')) {
    t.blockRule('CI-SEGMENT-CALLER', 'CI-TRANSCRIPTION-SCHEMA');
    t.blockRule('CI-SEGMENT-TIMES', 'CI-TRANSCRIPTION-SCHEMA');
    return 0;
  }
  const data = dataOf(ex) as { callId: number; segments: { start: number; end: number; caller: string }[]; callers: { localIdentifier: string }[] };
  t.expectEqual('CI-TRANSCRIPTION-SCHEMA', data.callId, callId, 'data.callId of the call asked for', ex);
  const known = new Set(data.callers.map((c) => c.localIdentifier));
  for (const [i, s] of data.segments.entries()) {
    t.check(
      'CI-SEGMENT-CALLER',
      known.has(s.caller),
      () => `segments[${i}].caller ${JSON.stringify(s.caller)} is none of the callers' localIdentifiers ${JSON.stringify([...known])}`,
      ex,
    );
  }
  for (const [i, s] of data.segments.entries()) {
    t.check('CI-SEGMENT-TIMES', s.end >= s.start, `segments[${i}] ends at ${s.end} s, before its start at ${s.start} s`, ex);
  }
  return data.segments.length;
}

export const CI_READ_CHECKS = [
  defineCheck({
    id: 'ai.ci.envelope',
    title: 'the seven reads of an analysed call: 200 with a JSON object and no responseData, or a 4xx for a part it lacks',
    surface: 'ai',
    // AI-JSON-UTF8 on the reads' successes: the Conversation Intelligence clause of the host's success bodies.
    rules: ['CI-ENVELOPE', 'CI-ANALYSIS-PARTS', 'CI-VENDOR-FIELDS', 'AI-JSON-UTF8'],
    cost: { requests: { 'find an analysed call': FIND_CALL_REQUESTS, reads: CI_READS.length } },
    needs: { surfaces: ['core'] },
    async run(t) {
      const rule = 'CI-ENVELOPE';
      const call = await analysedCall(t);
      const placement: string[] = [];
      const vendor: string[] = [];
      const parts: string[] = [];
      let served = 0;
      const media = successMediaJudge(t, 'AI-JSON-UTF8');
      for (const read of CI_READS) {
        const ex = await t.req('ai', 'GET', ciPath(call.id, read)).send();
        media.judge(ex, `GET ${ciPath(call.id, read)}`);
        // The spec does not say an analysis has every part: a read refused with a 4xx is reported, not judged.
        if (ex.status >= 400 && ex.status < 500) {
          const message = isObject(ex.json) && typeof ex.json.message === 'string' ? ` ${JSON.stringify(ex.json.message)}` : '';
          parts.push(`${read} ${ex.status}${message}`);
          if (VENDOR_SCHEMA[read] !== undefined) vendor.push(`${read}: not served for this call`);
          continue;
        }
        t.check(rule, ex.status === 200, `${read}: expected 200, or a 4xx for a part the analysis lacks, got ${ex.status}`, ex);
        parts.push(`${read} 200`);
        served += 1;
        const body = ex.json;
        t.check(rule, isObject(body), () => `${read}: the body is not a JSON object: ${ex.text.slice(0, 200)}`, ex);
        const object = body as Record<string, unknown>;
        t.check(rule, !('responseData' in object), `${read}: the body carries a responseData envelope`, ex);
        const inData = isObject(object.data);
        if (!PAGED_READS.has(read)) placement.push(`${read} ${inData ? 'in data' : 'at the top level'}`);
        const schema = VENDOR_SCHEMA[read];
        if (schema === undefined) continue;
        const fields = PAGED_READS.has(read) || !inData ? object : object.data;
        const result = t.validate(schema, fields);
        vendor.push(
          `${read}: ${result.ok ? 'as the vendor reference' : `differs (${result.problems.map((p) => `${p.instancePath} ${p.message}`).join('; ')})`}`,
        );
      }
      if (served === 0)
        t.skipRule(rule, `no read of call ${call.id} answered 200 this time, so there is no envelope to judge: each answered a 4xx (see CI-ANALYSIS-PARTS)`);
      else t.note(rule, `fields of the unpaginated reads: ${placement.join(', ')}`);
      media.settle(`the seven Conversation Intelligence reads of call ${call.id}`);
      t.observe('CI-ANALYSIS-PARTS', `call ${call.id}: ${parts.join(', ')}`);
      t.observe('CI-VENDOR-FIELDS', vendor.join('; '));
    },
  }),

  defineCheck({
    id: 'ai.ci.transcription-schema',
    title: "a whole transcription page has the spec's shape; segment callers and times hold",
    surface: 'ai',
    rules: ['CI-TRANSCRIPTION-SCHEMA', 'CI-SEGMENT-CALLER', 'CI-SEGMENT-TIMES'],
    cost: { requests: { 'find an analysed call': FIND_CALL_REQUESTS, 'the whole transcription': 1 } },
    needs: { surfaces: ['core'] },
    async run(t) {
      const call = await analysedCall(t);
      // One page holding the whole transcription when it is not huge, so every segment is judged.
      const limit = Math.min(Math.max(call.transcriptionTotal ?? 100, 1), 100);
      const ex = await t.req('ai', 'GET', ciPath(call.id, 'transcription')).query({ limit }).send();
      if (judgeTranscription(t, ex, Number(call.id)) === 0 && t.firstFailed === undefined)
        t.skip(`the transcription of call ${call.id} has no segments to judge`);
    },
  }),

  defineCheck({
    id: 'ai.ci.no-analysis',
    title: 'a call without analysis (observed)',
    surface: 'ai',
    rules: ['CI-NO-ANALYSIS'],
    cost: { requests: { 'find a call without analysis': FIND_UNANALYSED_REQUESTS, 'its summary': 1 } },
    needs: { surfaces: ['core'] },
    async run(t) {
      const call = await callWithoutAnalysis(t);
      const summary = await t.req('ai', 'GET', ciPath(call.id, 'summary')).send();
      const describe = (ex: typeof summary) =>
        `${ex.status}${isObject(ex.json) && typeof ex.json.message === 'string' ? ` ${JSON.stringify(ex.json.message)}` : ''}`;
      t.observe('CI-NO-ANALYSIS', `call ${call.id}: transcription ${describe(call.ex)}, summary ${describe(summary)}`);
    },
  }),
];
