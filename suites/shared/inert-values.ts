/**
 * Values a check may send to any host without touching anyone's data: an id no record holds, and phone
 * numbers that reach no one.
 */

/** An identifier no account is expected to hold, below 2^31 so no server overflows on it. */
export const UNKNOWN_ID = 2_147_480_123;

/** Numbers from the UK's drama range (Ofcom 07700 900000-900999): they reach no one. */
export function fictionalNumber(n: number): string {
  return `+447700900${String(n % 1000).padStart(3, '0')}`;
}
