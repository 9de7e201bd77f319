import { EFFECTS, type Effect } from '../lib/config/target.ts';
import { KEY_SLOT_VARIABLE, KEY_SLOTS, type KeySlot, secretVariable } from '../lib/contract/vocabulary.ts';

/**
 * Which of its variables `mock` exports: the key pairs and the effects asked for. By default every key
 * pair and every effect (the mock places no call and stops nobody's dialing); `--live-like` is one key
 * pair and no effect, as a live account is usually set up. The hosts, the CA file, the rate window and
 * the Dialer settings are always exported.
 */
export interface MockExports {
  readonly keys: readonly KeySlot[];
  readonly effects: readonly Effect[];
}

/** What `--live-like` stands for. */
export const LIVE_LIKE: MockExports = { keys: ['primary'], effects: [] };

/** The value `--effects` takes for no effect at all. */
export const NO_EFFECTS = 'none';

const isKeySlot = (name: string): name is KeySlot => (KEY_SLOTS as readonly string[]).includes(name);
const isEffect = (name: string): name is Effect => (EFFECTS as readonly string[]).includes(name);

/** The items of a comma-separated option value, trimmed; an empty value has none. */
function items(raw: string): string[] {
  return raw
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/**
 * Reads `--keys`, `--effects` and `--live-like`; a mistake is one line for `fail`, naming the option.
 * Options given beside `--live-like` are refused rather than merged, so the command says what it does.
 */
export function mockExports(options: { keys?: string; effects?: string; liveLike?: boolean }, fail: (message: string) => never): MockExports {
  if (options.liveLike === true) {
    if (options.keys !== undefined || options.effects !== undefined)
      fail(`--live-like is --keys ${LIVE_LIKE.keys.join(',')} --effects ${NO_EFFECTS}: give it alone, or --keys and --effects instead`);
    return LIVE_LIKE;
  }
  let keys: readonly KeySlot[] = KEY_SLOTS;
  if (options.keys !== undefined) {
    const named = items(options.keys);
    const unknown = named.find((name) => !isKeySlot(name));
    if (unknown !== undefined) fail(`--keys: unknown key pair ${JSON.stringify(unknown)} (known: ${KEY_SLOTS.join(', ')})`);
    if (!named.includes('primary')) fail('--keys: must include primary, the key pair of the company under test (CC_KEY_ID)');
    keys = KEY_SLOTS.filter((slot) => named.includes(slot));
  }
  let effects: readonly Effect[] = EFFECTS;
  if (options.effects !== undefined) {
    const named = items(options.effects);
    if (named.includes(NO_EFFECTS)) {
      if (named.length > 1) fail(`--effects: ${NO_EFFECTS} stands alone, got ${JSON.stringify(options.effects)}`);
      effects = [];
    } else {
      const unknown = named.find((name) => !isEffect(name));
      if (unknown !== undefined) fail(`--effects: unknown effect ${JSON.stringify(unknown)} (known: ${EFFECTS.join(', ')}, or ${NO_EFFECTS})`);
      if (named.length === 0) fail(`--effects: name the effects, or ${NO_EFFECTS}`);
      effects = EFFECTS.filter((effect) => named.includes(effect));
    }
  }
  return { keys, effects };
}

/** The variables of the key pairs and effects left out: the mock unsets them, so a shell keeps none from before. */
export function leftOut(exports: MockExports): string[] {
  const slots = KEY_SLOTS.filter((slot) => !exports.keys.includes(slot));
  return [...slots.flatMap((slot) => [KEY_SLOT_VARIABLE[slot], secretVariable(slot)]), ...(exports.effects.length === 0 ? ['CC_EFFECTS'] : [])];
}

/** The mock's variables as exported: those left out dropped, CC_EFFECTS holding the effects asked for. */
export function exportedVariables(env: Readonly<Record<string, string>>, exports: MockExports): Record<string, string> {
  const dropped = new Set(leftOut(exports));
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    if (dropped.has(name)) continue;
    out[name] = name === 'CC_EFFECTS' ? exports.effects.join(',') : value;
  }
  return out;
}
