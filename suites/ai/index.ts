import type { CheckDefinition } from '../../lib/checks/define.ts';
import { CI_CHECKS } from './conversation-intelligence/index.ts';
import { AI_HOST_CHECKS } from './host.ts';
import { VOICE_AGENT_CHECKS } from './voice-agents/index.ts';

/** The AI host's suite in run order: the host's own rules, then each service. */
export const AI_CHECKS: readonly CheckDefinition[] = [...AI_HOST_CHECKS, ...CI_CHECKS, ...VOICE_AGENT_CHECKS];
