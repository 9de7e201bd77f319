import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { companyOf, type MockContext } from '../../../context.ts';
import { nextSeq, resourcesOf, type Survey, type SurveyQuestion } from '../../../state/dialer-resources.ts';
import { cursorPage } from './cursor.ts';
import { checkName, invalid, isObject, missing, now, readOnlyChanges } from './resource-common.ts';
import { wrapped } from './dialect.ts';
import { params, serve } from './route.ts';

export const MAX_QUESTIONS = 100;

export function renderSurvey(survey: Survey): Record<string, unknown> {
  return {
    id: survey.id,
    name: survey.name,
    questions: survey.questions.map((q) => ({ text: q.text, options: [...q.options] })),
    createdAt: survey.createdAt,
    updatedAt: survey.updatedAt,
  };
}

/** Questions `[{ text, options? }]`: text a non-empty string (trimmed), options strings; the messages name the entry. */
function readQuestions(value: unknown): { questions?: SurveyQuestion[]; errors: string[] } {
  if (!Array.isArray(value)) return { errors: ['questions must be an array'] };
  if (value.length > MAX_QUESTIONS) return { errors: [`questions must contain no more than ${MAX_QUESTIONS} elements`] };
  const errors: string[] = [];
  const questions: SurveyQuestion[] = [];
  value.forEach((item: unknown, i) => {
    if (!isObject(item)) return void errors.push(`questions.${i} must be an object`);
    const text = typeof item.text === 'string' ? item.text.trim() : '';
    if (text === '') errors.push(`questions.${i}.text should not be empty`);
    const options = item.options ?? [];
    if (!Array.isArray(options) || options.some((o) => typeof o !== 'string')) errors.push(`questions.${i}.options must be an array of strings`);
    else questions.push({ text, options: [...(options as string[])] });
  });
  return errors.length > 0 ? { errors } : { questions, errors };
}

/**
 * Surveys: create (201), partial update, cursor list, questions replaced wholesale. There is no delete.
 * An update takes back `id`, `createdAt`, `updatedAt` and `questions` as listed: the questions change only
 * by their own PUT (spec: HTTP method conventions), so other questions on PATCH are refused, not dropped.
 */
export function surveyRoutes(app: FastifyInstance, ctx: MockContext): void {
  const { faults } = ctx;

  serve(app, ctx, 'surveys.list', (req, reply) => {
    const surveys = [...resourcesOf(companyOf(req)).surveys.values()].sort((a, b) => a.seq - b.seq);
    return cursorPage(ctx, req, reply, faults.on('dialer-surveys-list-stale') ? surveys.slice(0, -1) : surveys, renderSurvey, {
      lenientCursor: faults.on('dialer-surveys-cursor-lenient'),
      emptyCursorRefused: faults.on('dialer-surveys-empty-cursor-400'),
      list: 'surveys',
    });
  });

  serve(app, ctx, 'surveys.create', (req, reply) => {
    const company = companyOf(req);
    const body = req.body;
    if (!isObject(body)) return invalid(ctx, reply, ['body must be a JSON object']);
    const name = checkName(ctx, body, true, {
      blankAccepted: faults.on('dialer-survey-create-whitespace-name-accepted'),
      paddingRefused: faults.on('dialer-survey-name-padding-refused'),
    });
    const questions = body.questions === undefined ? { questions: [], errors: [] } : readQuestions(body.questions);
    const errors = [...('errors' in name ? name.errors : []), ...questions.errors];
    if (errors.length > 0 || !('name' in name) || !questions.questions) return invalid(ctx, reply, errors);
    const at = now();
    const survey: Survey = { id: randomUUID(), name: name.name, questions: questions.questions, createdAt: at, updatedAt: at, seq: nextSeq(company) };
    resourcesOf(company).surveys.set(survey.id, survey);
    return reply.code(faults.on('dialer-survey-create-200') ? 200 : 201).send(wrapped(ctx, renderSurvey(survey)));
  });

  serve(app, ctx, 'surveys.update', (req, reply) => {
    const body = req.body;
    if (!isObject(body)) return invalid(ctx, reply, ['body must be a JSON object']);
    const name = checkName(ctx, body, false, {
      blankAccepted: faults.on('dialer-survey-update-whitespace-name-accepted'),
      paddingRefused: faults.on('dialer-survey-name-padding-refused'),
    });
    if ('errors' in name) return invalid(ctx, reply, name.errors);
    const survey = resourcesOf(companyOf(req)).surveys.get(params(req).surveyId ?? '');
    if (!survey) return missing(ctx, reply, 'Survey');
    const listed = renderSurvey(survey);
    const unchangeable = readOnlyChanges(body, { id: listed.id, createdAt: listed.createdAt, updatedAt: listed.updatedAt });
    if (body.questions !== undefined && !isDeepStrictEqual(body.questions, listed.questions))
      unchangeable.push("questions are replaced by PUT on the survey's questions, not by PATCH: send them as listed, or leave them out");
    if (unchangeable.length > 0) return invalid(ctx, reply, unchangeable);
    if ('name' in name && !faults.on('dialer-survey-update-ignored') && name.name !== survey.name) {
      survey.name = name.name;
      survey.updatedAt = now();
    }
    return reply.code(200).send(wrapped(ctx, renderSurvey(survey)));
  });

  // PUT replaces the sub-collection wholesale (spec: HTTP method conventions).
  serve(app, ctx, 'surveys.questions', (req, reply) => {
    const body = req.body;
    if (!isObject(body)) return invalid(ctx, reply, ['body must be a JSON object']);
    const read = readQuestions(body.questions);
    if (!read.questions) return invalid(ctx, reply, read.errors);
    const survey = resourcesOf(companyOf(req)).surveys.get(params(req).surveyId ?? '');
    if (!survey) return missing(ctx, reply, 'Survey');
    // The ignoring fault's server answers as if it had replaced them, and stores nothing.
    if (faults.on('dialer-survey-questions-put-ignored')) return reply.code(200).send(wrapped(ctx, renderSurvey({ ...survey, questions: read.questions })));
    survey.questions = faults.on('dialer-survey-questions-merge') ? [...survey.questions, ...read.questions] : read.questions;
    survey.updatedAt = now();
    return reply.code(200).send(wrapped(ctx, renderSurvey(survey)));
  });
}
