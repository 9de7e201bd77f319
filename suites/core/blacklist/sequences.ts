import fc from 'fast-check';
import type { CheckContext } from '../../../lib/checks/context.ts';
import { defineCheck } from '../../../lib/checks/define.ts';
import { deleteEach, pickedLabel, pickFromNewest, runSequences, type SequenceModel } from '../../../lib/stateful/sequences.ts';
import { pageFrom } from '../../shared/core-reads.ts';
import { fictionalNumber } from '../../shared/inert-values.ts';
import type { BlacklistItem } from '../fixtures/shared-records.ts';
import { sendStep } from '../fixtures/steps.ts';
import { createdId } from '../fixtures/shapes.ts';

/**
 * Blacklist entries as a model: random sequences of adds, edits and deletes of the sequence's own entries,
 * and List blacklist narrowed by one of its numbers, each answer judged against the
 * entries the model holds (CORE-STATE-BLACKLIST). Only entries the sequence made are judged: another
 * client's entry with one of its numbers is listed as it may be, and never counts.
 */

const TYPES = ['all', 'incoming', 'outgoing'] as const;
type EntryType = (typeof TYPES)[number];

/** How many numbers a sequence uses: few, so that edits and adds meet on one number, where a stale index shows. */
const NUMBERS = 3;

type BlacklistStep =
  | { readonly op: 'add'; readonly number: number; readonly type: EntryType }
  | { readonly op: 'edit'; readonly pick: number; readonly number: number; readonly type: EntryType }
  | { readonly op: 'delete'; readonly pick: number }
  | { readonly op: 'list'; readonly number: number };

interface ModelEntry {
  readonly id: string;
  number: string;
  type: EntryType;
}

interface BlacklistWorld {
  /** The sequence's numbers, as digits with the country calling code. */
  readonly numbers: readonly string[];
  /** Entries the target holds, in the order they were added. */
  readonly entries: ModelEntry[];
  /**
   * Every number each id the sequence was given has had, kept after a delete: a listed entry with one of them is
   * the sequence's own, and its past numbers tell a stale listing from a filter that is not applied.
   */
  readonly history: Map<string, Set<string>>;
}

const digits = (n: unknown): string => String(n).replace(/\D/g, '');

/**
 * The sequence's numbers: fictional ones (inert-values.ts), from a block the run's seed picks, clear of the one the
 * lane's blacklist checks add to an empty blacklist, so two runs on one account seldom meet.
 */
function numbersOf(t: CheckContext): string[] {
  const block = 600 + (t.seed % 130) * NUMBERS;
  return Array.from({ length: NUMBERS }, (_, i) => digits(fictionalNumber(block + i)));
}

function blacklistModel(): SequenceModel<BlacklistStep, BlacklistWorld> {
  const number = fc.nat(NUMBERS - 1);
  const type = fc.constantFrom(...TYPES);
  const pick = fc.oneof({ weight: 3, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.nat(3) });
  const add = fc.record({ op: fc.constant('add' as const), number, type });
  const chosen = (world: BlacklistWorld, n: number): ModelEntry | undefined => pickFromNewest(world.entries, n);
  /** Whether another entry of the model has the number: the spec says nothing of duplicates, so the model makes none. */
  const taken = (world: BlacklistWorld, n: string, self?: ModelEntry): boolean => world.entries.some((e) => e !== self && e.number === n);

  return {
    step: fc.oneof(
      { weight: 2, arbitrary: add },
      { weight: 3, arbitrary: fc.record({ op: fc.constant('edit' as const), pick, number, type }) },
      { weight: 1, arbitrary: fc.record({ op: fc.constant('delete' as const), pick }) },
      { weight: 3, arbitrary: fc.record({ op: fc.constant('list' as const), number }) },
    ),
    opening: add,
    cost: (step) => (step.op === 'add' ? 2 : 1),
    reads: (step) => step.op === 'list',
    leftover: 'an entry carries no name, so delete each one it adds with DELETE /blacklist/delete/{id}.json, the ids echoed as it runs',
    // Every sequence ends judging the rule on a number the newest entry leaves and the one it moves to.
    closing(world) {
      const newest = world.entries.at(-1);
      const from = newest ? world.numbers.indexOf(newest.number) : 0;
      const to = (from + 1) % NUMBERS;
      return [
        ...(newest ? [] : [{ op: 'add' as const, number: 0, type: 'all' as const }]),
        { op: 'edit', pick: 0, number: to, type: 'incoming' },
        { op: 'list', number: from },
        { op: 'list', number: to },
      ];
    },
    label(step) {
      const which = (n: number): string => pickedLabel('entry', n);
      switch (step.op) {
        case 'add':
          return `add number ${step.number + 1} as ${step.type}`;
        case 'edit':
          return `edit ${which(step.pick)}: number ${step.number + 1}, ${step.type}`;
        case 'delete':
          return `delete ${which(step.pick)}`;
        case 'list':
          return `list number ${step.number + 1}`;
      }
    },

    start(t) {
      return { numbers: numbersOf(t), entries: [], history: new Map() };
    },

    async run(t, world, step, io) {
      switch (step.op) {
        case 'add': {
          const n = world.numbers[step.number] as string;
          if (taken(world, n)) return undefined;
          const ex = await sendStep(io, t, 'PUT', '/blacklist/add.json', { type: step.type, public_number: Number(n) });
          if (ex.status === 406)
            t.skip(`adding ${n} to the blacklist was refused (406): another client may hold it; a run of another seed picks other numbers`);
          t.expectOk(ex, 'adding a blacklist entry');
          const id = createdId(ex);
          t.prerequisite(id !== undefined, 'adding a blacklist entry returned no id in responseData.data.id or responseData.id', ex);
          io.made(String(id));
          world.entries.push({ id: String(id), number: n, type: step.type });
          world.history.set(String(id), new Set([n]));
          return `add entry ${id}: ${n}, ${step.type}`;
        }
        case 'edit': {
          const entry = chosen(world, step.pick);
          const n = world.numbers[step.number] as string;
          if (!entry || taken(world, n, entry)) return undefined;
          const ex = await sendStep(io, t, 'POST', `/blacklist/edit/${entry.id}.json`, { type: step.type, public_number: Number(n) });
          if (ex.status === 406)
            t.skip(`moving a blacklist entry to ${n} was refused (406): another client may hold it; a run of another seed picks other numbers`);
          t.expectOk(ex, `editing blacklist entry ${entry.id}`);
          entry.number = n;
          entry.type = step.type;
          world.history.get(entry.id)?.add(n);
          return `edit entry ${entry.id}: ${n}, ${step.type}`;
        }
        case 'delete': {
          const entry = chosen(world, step.pick);
          if (!entry) return undefined;
          const ex = await sendStep(io, t, 'DELETE', `/blacklist/delete/${entry.id}.json`);
          t.expectOk(ex, `deleting blacklist entry ${entry.id}`);
          world.entries.splice(world.entries.indexOf(entry), 1);
          return `delete entry ${entry.id}`;
        }
        case 'list': {
          const n = world.numbers[step.number] as string;
          const path = '/blacklist/index.json';
          const query = { public_number: n, limit: 1000 };
          const { ex, page } = pageFrom<BlacklistItem>(t, path, await io.send(t.core('GET', path).query(query)));
          const shown = page.data.map((item) => item.Blacklist).filter((e) => e !== undefined);
          if (page.data.length > 0 && shown.length === 0) t.skip('List blacklist items are not { Blacklist: {...} }: CORE-BLACKLIST-ITEM judges that');
          const matches = world.entries.filter((e) => e.number === n);
          const asked = `public_number=${n}`;
          // Another client's entry may carry the number; only the sequence's own are judged.
          const ours = shown.filter((e) => world.history.has(String(e.id)));
          // A listed entry that never had the number (one of ours by its past numbers, another client's by the one
          // it shows) is a filter not applied: CORE-BLACKLIST-FILTER-NUMBER judges that, so this read judges no
          // entry as stale.
          const neverMatched = (e: { id: unknown; public_number: unknown }): boolean =>
            !(world.history.get(String(e.id)) ?? new Set([digits(e.public_number)])).has(n);
          const unfiltered = shown.find(neverMatched);
          if (unfiltered) {
            t.judge(
              'CORE-BLACKLIST-FILTER-NUMBER',
              false,
              `List blacklist with ${asked} showed entry ${String(unfiltered.id)} (${digits(unfiltered.public_number)}), which never had that number`,
              ex,
            );
            io.leave(
              'CORE-STATE-BLACKLIST',
              `a list for ${asked} showed entry ${String(unfiltered.id)}, which never had it: a filter not applied, CORE-BLACKLIST-FILTER-NUMBER's fact`,
            );
          } else {
            const stray = ours.find((e) => !matches.some((m) => m.id === String(e.id)));
            const held = stray && world.entries.find((m) => m.id === String(stray.id));
            io.judge(
              'CORE-STATE-BLACKLIST',
              stray === undefined,
              () => `entry ${stray?.id} is listed for ${asked}, though ${held ? `its last write set ${held.number}, ${held.type}` : 'it was deleted'}`,
              ex,
            );
          }
          const missing = matches.filter((m) => !shown.some((e) => String(e.id) === m.id));
          io.judge('CORE-STATE-BLACKLIST', missing.length === 0, () => `entry ${missing.map((m) => m.id).join(', ')} is not listed for ${asked}`, ex);
          const drifted = matches
            .map((m) => ({ m, e: shown.find((e) => String(e.id) === m.id) }))
            .find(({ m, e }) => e !== undefined && (digits(e.public_number) !== m.number || e.type !== m.type));
          io.judge(
            'CORE-STATE-BLACKLIST',
            drifted === undefined,
            () =>
              `entry ${drifted?.m.id} is listed as ${digits(drifted?.e?.public_number)}, ${drifted?.e?.type}; its last write set ${drifted?.m.number}, ${drifted?.m.type}`,
            ex,
          );
          return `list ${asked}: ${matches.length} expected`;
        }
      }
    },

    async clean(t, world, io) {
      await deleteEach(world.entries, io, (entry) => t.core('DELETE', `/blacklist/delete/${entry.id}.json`), 'blacklist entries');
    },
  };
}

export const blacklistSequenceChecks = [
  defineCheck({
    id: 'core.stateful.blacklist',
    title: 'random sequences of blacklist adds, edits, deletes and number-filtered lists agree with a model of the spec',
    surface: 'core',
    // A number filter not applied, seen by a list step, is failed here on that read.
    rules: ['CORE-STATE-BLACKLIST', 'CORE-BLACKLIST-FILTER-NUMBER'],
    handsOver: ['CORE-BLACKLIST-FILTER-NUMBER'],
    cost: {
      // An add costs its delete at the sequence's end; every other step one request. The closing steps: an add
      // when none is left, an edit to another number and type, and the lists of both numbers.
      // Its closing steps judge the rule in every sequence, so 3 find what 10 would; its stories need few steps.
      sequences: { requestsPerStep: 2, setupRequests: 0, closingRequests: 5, most: 3, longest: 8 },
      requests: 0,
    },
    async run(t) {
      await runSequences(t, blacklistModel());
    },
  }),
];
