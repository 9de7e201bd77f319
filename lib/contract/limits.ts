/**
 * Numbers the spec states (Resources and their fields; Limits). The suite asserts against them and
 * the mock enforces them; keeping them in one place keeps the two from drifting.
 */

/** Contact string fields and their maximum lengths. */
export const CONTACT_MAX_LENGTHS = {
  name: 150,
  title: 255,
  company: 100,
  industry: 100,
  website: 100,
  address: 255,
  city: 255,
  zip: 15,
  state: 255,
} as const;

export type ContactLengthField = keyof typeof CONTACT_MAX_LENGTHS;

export const EXTERNAL_URL_MAX_ITEMS = 3;
export const DAILY_PRICE_LIMIT = { min: 1, max: 200 } as const;
export const EXTENSION = { min: 1000, max: 9999 } as const;
export const CALL_NUMBER_ID_MIN = 1;
export const CORE_LIMIT = { min: 1, max: 1000 } as const;
export const CORE_PAGE_MIN = 1;
/** Requests per minute per company, core API and (separately) the Dialer. */
export const REQUESTS_PER_MINUTE = 60;
/**
 * `limit` on the cursor-paginated Dialer lists (spec: Limits, "`limit` on Dialer lists: 1 to 100,
 * default 50"; Endpoints > Dialer, the campaign list's "limit (1 to 100, default 50)").
 */
export const DIALER_LIMIT = { min: 1, max: 100, default: 50 } as const;
