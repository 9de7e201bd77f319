import { COMPANY_OF_SLOT, partOf, type Surface } from '../contract/vocabulary.ts';
import type { Credentials } from './request-spec.ts';

/** Budget bucket of a request: the surface's meter and the company the credentials belong to. */
export function budgetKey(surface: Surface, credentials: Credentials, path = ''): string {
  const company = credentials.kind === 'slot' ? COMPANY_OF_SLOT[credentials.slot] : 'anonymous';
  // The Dialer shares the AI host but has its own budget (spec: Limits).
  return `${partOf(surface, path)}:${company}`;
}
