/** Reading answers whose shape a check does not know yet: a JSON object, a 2xx. */
export type Json = Record<string, unknown>;

export function isObject(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

export const is2xx = (status: number): boolean => status >= 200 && status < 300;
