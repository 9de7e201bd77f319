import type { Exchange } from '../../lib/http/exchange.js';

/** A JSON media type, UTF-8 when a charset is named, and a body that parses (spec: Responses are UTF-8 JSON). */
export function isUtf8Json(ex: Exchange): boolean {
  const type = ex.headers['content-type'] ?? '';
  const charset = /charset=([^;\s]+)/i.exec(type)?.[1];
  return /^application\/(?:[\w.+-]+\+)?json\b/i.test(type) && (charset === undefined || /^utf-?8$/i.test(charset)) && ex.json !== undefined;
}
