import type { CheckContext } from '../../lib/checks/context.ts';
import { SURFACE_VARIABLE } from '../../lib/contract/vocabulary.ts';
import { type Surface } from '../../lib/contract/vocabulary.ts';
import type { RuleId } from '../../lib/rules/index.ts';

/**
 * Whether the configured URL of a surface ends in its documented path prefix (spec: Hosts): a base path
 * shows only in the URL a user gives, so the rule is judged on that URL, and the report says so.
 */
export function judgeConfiguredPrefix(t: CheckContext, rule: RuleId, surface: Surface, prefix: string): void {
  const url = new URL(t.target.urls[surface] as string);
  const path = url.pathname.replace(/\/+$/, '');
  t.check(
    rule,
    path.endsWith(prefix),
    `the configured ${SURFACE_VARIABLE[surface]} has the path ${JSON.stringify(url.pathname)}, which does not end in ${prefix}`,
  );
  t.note(rule, `the base path ${path || '/'} is judged on the configured ${SURFACE_VARIABLE[surface]}: only the URL a user gives shows it`);
}
