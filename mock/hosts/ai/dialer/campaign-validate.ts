import type { MockContext } from '../../../context.ts';
import { CAMPAIGN_MODES, type DialerCampaign } from '../../../state/dialer.ts';
import { isObject } from '../../core/validate.ts';
import { changedBy, keptName, trimName } from './dialect.ts';

/**
 * Validation of a campaign write (create or partial update), as the release profile says (spec: Errors >
 * Validation in the Dialer; Versioning, v1.0.21). Choices where the spec is silent:
 * - `name` is trimmed (JS `trim()`, so U+00A0 and the other Unicode spaces count as whitespace; the variant
 *   dialect trims space, tab, CR and LF only) and, in every release, stored trimmed (the variant keeps it as
 *   sent); from v1.0.21 an empty result is `name should not be empty`; at most 255 characters;
 * - `schedule_policy.start_time` from v1.0.21 is HH:MM or HH:MM:SS within the day; the variant also takes
 *   24:00 (ISO 8601's end of a day) and a leap second :60, which the pinned form allows under other readings;
 * - `mode` is `power` or `predictive` (the group table's "power and predictive dialing"), default `power`;
 * - `status` may be set to draft, active, paused or completed; `deleted` only by deleting; default draft;
 * - `schedule_policy` and `calling_policy` are objects, merged on update (a member sent as null is removed);
 * - the calling_policy knobs: `max_attempts` (integer 1 to 10), `retry_interval_minutes` (integer 1 to
 *   1440), `call_window_start` and `call_window_end` (`HH:MM`, the end after the start);
 * - unknown top-level members are ignored.
 */
export const CALLING_POLICY_KNOBS = ['max_attempts', 'retry_interval_minutes', 'call_window_start', 'call_window_end'] as const;
export const SETTABLE_STATUSES = ['draft', 'active', 'paused', 'completed'] as const;
export const NAME_MAX = 255;

export type CampaignFields = Pick<DialerCampaign, 'name' | 'mode' | 'status' | 'schedule_policy' | 'calling_policy'>;
export type Validation = { readonly ok: true; readonly fields: Partial<CampaignFields> } | { readonly ok: false; readonly subErrors: string[] };

const WINDOW = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A real calendar date in YYYY-MM-DD: Feb 29 only in leap years, no Feb 30, months 01 to 12. */
export function isCalendarDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return month >= 1 && month <= 12 && day >= 1 && day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** `HH:MM` or `HH:MM:SS`, hours 00 to 23, minutes and seconds 00 to 59. */
export function isClockTime(value: string): boolean {
  return /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/.test(value);
}

/** 24:00 or 24:00:00, the end of a day, or a leap second: in the pinned form under some readings only. */
function isEndOfDayOrLeapSecond(value: string): boolean {
  return /^24:00(:00)?$/.test(value) || /^([01]\d|2[0-3]):[0-5]\d:60$/.test(value);
}

function checkName(ctx: MockContext, raw: unknown, operation: 'create' | 'update', errors: string[]): string | undefined {
  if (typeof raw !== 'string') return void errors.push('name must be a string');
  const name = trimName(ctx, raw);
  // Each fault's server forgets the check on one operation only.
  const forgotten =
    operation === 'create'
      ? ctx.faults.on('dialer-campaign-create-whitespace-name-accepted')
      : ctx.faults.on('dialer-campaign-update-whitespace-name-accepted');
  const pinned = changedBy(ctx, '1.0.21') && !forgotten;
  // The fault's server only strips spaces, so a name of tabs or newlines passes.
  const blank = ctx.faults.on('dialer-campaign-name-tab-accepted') ? raw.replace(/ /g, '') === '' : name === '';
  if (pinned && blank) return void errors.push('name should not be empty');
  if (name.length > NAME_MAX) return void errors.push(`name must be shorter than or equal to ${NAME_MAX} characters`);
  // The fault's server validates the name as sent, so whitespace around a valid name is refused.
  if (ctx.faults.on('dialer-campaign-name-padding-refused') && name !== raw) return void errors.push('name must not start or end with whitespace');
  // The other fault's server trims the start of a name only, so whitespace after it stays.
  return ctx.faults.on('dialer-campaign-name-trimmed-start-only') ? raw.trimStart() : keptName(ctx, raw, name);
}

function checkSchedule(ctx: MockContext, raw: unknown, errors: string[]): Record<string, unknown> | undefined {
  if (!isObject(raw)) return void errors.push('schedule_policy must be an object');
  const { faults } = ctx;
  const pinned = changedBy(ctx, '1.0.21');
  const out = { ...raw };
  const date = raw.start_date;
  if (date !== undefined && date !== null) {
    if (typeof date !== 'string') errors.push('schedule_policy.start_date must be a string');
    else if (pinned && !(faults.on('dialer-campaign-date-regex-only') ? /^\d{4}-\d{2}-\d{2}$/.test(date) : isCalendarDate(date))) {
      errors.push('schedule_policy.start_date must be a real calendar date in YYYY-MM-DD');
    }
  }
  const time = raw.start_time;
  if (time !== undefined && time !== null) {
    if (typeof time !== 'string') errors.push('schedule_policy.start_time must be a string');
    else if (
      pinned &&
      !(faults.on('dialer-campaign-time-shape-only')
        ? /^\d{2}:\d{2}(:\d{2})?$/.test(time)
        : isClockTime(time) || (ctx.dialect === 'variant' && isEndOfDayOrLeapSecond(time)))
    ) {
      errors.push('schedule_policy.start_time must be a time in HH:MM or HH:MM:SS');
    }
  }
  return out;
}

function checkCallingPolicy(ctx: MockContext, raw: unknown, operation: 'create' | 'update', errors: string[]): Record<string, unknown> | undefined {
  if (!isObject(raw)) return void errors.push('calling_policy must be an object');
  const out: Record<string, unknown> = {};
  const keepUnknown =
    !changedBy(ctx, '1.0.21') ||
    (operation === 'update' && ctx.faults.on('dialer-campaign-policy-kept-on-update')) ||
    (operation === 'create' && ctx.faults.on('dialer-campaign-policy-kept-on-create'));
  for (const [key, value] of Object.entries(raw)) {
    if (!(CALLING_POLICY_KNOBS as readonly string[]).includes(key)) {
      if (keepUnknown) out[key] = value;
      continue;
    }
    if (value === null) out[key] = null;
    else if (key === 'max_attempts' && !(Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 10))
      errors.push('calling_policy.max_attempts must be an integer from 1 to 10');
    else if (key === 'retry_interval_minutes' && !(Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 1440))
      errors.push('calling_policy.retry_interval_minutes must be an integer from 1 to 1440');
    else if (key.startsWith('call_window_') && !(typeof value === 'string' && WINDOW.test(value))) errors.push(`calling_policy.${key} must be a time in HH:MM`);
    else out[key] = value;
  }
  return out;
}

/** Shallow merge where a member sent as null is removed. */
export function mergePolicy(current: Record<string, unknown>, patch: Record<string, unknown>): Record<string, unknown> {
  const merged = { ...current, ...patch };
  for (const [key, value] of Object.entries(patch)) if (value === null) delete merged[key];
  return merged;
}

/** True when a calling window has both ends and the end is not after the start. */
export function windowConflict(policy: Record<string, unknown>): boolean {
  const { call_window_start: start, call_window_end: end } = policy;
  return typeof start === 'string' && typeof end === 'string' && end <= start;
}

/** The fields a write sets, or the validation failures it deserves (all of them, in one answer). */
export function validateCampaign(ctx: MockContext, body: unknown, operation: 'create' | 'update'): Validation {
  if (!isObject(body)) return { ok: false, subErrors: ['body must be a JSON object'] };
  const errors: string[] = [];
  const fields: Partial<CampaignFields> = {};
  if (body.name !== undefined || operation === 'create') {
    const name = checkName(ctx, body.name, operation, errors);
    if (name !== undefined) fields.name = name;
  }
  if (body.mode !== undefined) {
    if ((CAMPAIGN_MODES as readonly unknown[]).includes(body.mode)) fields.mode = body.mode as string;
    else errors.push(`mode must be one of the following values: ${CAMPAIGN_MODES.join(', ')}`);
  }
  if (body.status !== undefined) {
    if ((SETTABLE_STATUSES as readonly unknown[]).includes(body.status)) fields.status = body.status as string;
    else errors.push(`status must be one of the following values: ${SETTABLE_STATUSES.join(', ')}`);
  }
  if (body.schedule_policy !== undefined) {
    const schedule = checkSchedule(ctx, body.schedule_policy, errors);
    if (schedule) fields.schedule_policy = schedule;
  }
  if (body.calling_policy !== undefined) {
    const calling = checkCallingPolicy(ctx, body.calling_policy, operation, errors);
    if (calling) fields.calling_policy = calling;
    // On create the body alone is the configuration, so a window ending before it starts is bad input.
    if (calling && operation === 'create' && windowConflict(calling)) errors.push('calling_policy.call_window_end must be after call_window_start');
  }
  return errors.length > 0 ? { ok: false, subErrors: errors } : { ok: true, fields };
}
