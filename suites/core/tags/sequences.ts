import fc from 'fast-check';
import { defineCheck } from '../../../lib/checks/define.ts';
import { deleteEach, pickedLabel, pickFromNewest, runSequences, type SequenceModel } from '../../../lib/stateful/sequences.ts';
import { listFrom, recordOf } from '../../shared/core-reads.ts';
import { sendStep } from '../fixtures/steps.ts';
import { createdId } from '../fixtures/shapes.ts';

/**
 * Tags as a model: random sequences of adds, renames and deletes of the sequence's own tags and reads of the
 * tag list, each read judged against the names the model holds (CORE-STATE-TAGS). Only the sequence's tags are
 * judged, by id: the account's other tags, and what other clients do to them, never count.
 */

type TagStep =
  { readonly op: 'add' } | { readonly op: 'rename'; readonly pick: number } | { readonly op: 'delete'; readonly pick: number } | { readonly op: 'list' };

interface ModelTag {
  readonly id: string;
  name: string;
}

interface TagWorld {
  /** Tags the target holds, in the order they were added. */
  readonly tags: ModelTag[];
}

const TAG_LIST = '/tags/index.json';

function tagModel(): SequenceModel<TagStep, TagWorld> {
  const pick = fc.oneof({ weight: 3, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.nat(3) });
  const add = fc.constant({ op: 'add' as const });
  const chosen = (world: TagWorld, n: number): ModelTag | undefined => pickFromNewest(world.tags, n);
  const which = (n: number): string => pickedLabel('tag', n);

  return {
    step: fc.oneof(
      { weight: 2, arbitrary: add },
      { weight: 3, arbitrary: fc.record({ op: fc.constant('rename' as const), pick }) },
      { weight: 1, arbitrary: fc.record({ op: fc.constant('delete' as const), pick }) },
      { weight: 2, arbitrary: fc.constant({ op: 'list' as const }) },
    ),
    opening: add,
    cost: (step) => (step.op === 'add' ? 2 : 1),
    reads: (step) => step.op === 'list',
    // Every sequence ends judging the rule once: the newest tag (added when none is left) renamed, then the list.
    closing: (world) => [...(world.tags.length > 0 ? [] : [{ op: 'add' as const }]), { op: 'rename', pick: 0 }, { op: 'list' }],
    label(step) {
      if (step.op === 'add') return 'add a tag';
      if (step.op === 'list') return 'read the tag list';
      return `${step.op} ${which(step.pick)}`;
    },

    start: () => ({ tags: [] }),

    async run(t, world, step, io) {
      switch (step.op) {
        case 'add': {
          const name = t.uniqueName();
          const ex = await sendStep(io, t, 'PUT', '/tags/add.json', { name });
          t.expectOk(ex, 'adding a tag');
          const id = createdId(ex);
          t.prerequisite(id !== undefined, 'adding a tag returned no id in responseData.data.id or responseData.id', ex);
          io.made(String(id));
          world.tags.push({ id: String(id), name });
          return `add tag ${id} named ${JSON.stringify(name)}`;
        }
        case 'rename': {
          const tag = chosen(world, step.pick);
          if (!tag) return undefined;
          // A new name keeps the run's prefix, so a tag left behind is still found by it.
          const name = t.uniqueName();
          const ex = await sendStep(io, t, 'POST', `/tags/edit/${tag.id}.json`, { name });
          t.expectOk(ex, `renaming tag ${tag.id}`);
          tag.name = name;
          return `rename tag ${tag.id} to ${JSON.stringify(name)}`;
        }
        case 'delete': {
          const tag = chosen(world, step.pick);
          if (!tag) return undefined;
          const ex = await sendStep(io, t, 'DELETE', `/tags/delete/${tag.id}.json`);
          t.expectOk(ex, `deleting tag ${tag.id}`);
          world.tags.splice(world.tags.indexOf(tag), 1);
          return `delete tag ${tag.id}`;
        }
        case 'list': {
          const { ex, items, complete } = listFrom(t, TAG_LIST, await io.send(t.core('GET', TAG_LIST).query({ limit: 1000 })));
          const shown = new Map(
            items
              .map((item) => recordOf(item, 'Tag'))
              .filter((tag) => tag !== undefined)
              .map((tag) => [String(tag.id), tag.name]),
          );
          // Whether a deleted tag is gone from the list is CORE-TAG-DELETE-200's to judge; this rule the names of those that stay.
          for (const tag of world.tags) {
            if (!shown.has(tag.id) && !complete) continue;
            io.judge(
              'CORE-STATE-TAGS',
              shown.get(tag.id) === tag.name,
              () =>
                shown.has(tag.id)
                  ? `tag ${tag.id} is listed as ${JSON.stringify(shown.get(tag.id))}; its last write named it ${JSON.stringify(tag.name)}`
                  : `tag ${tag.id} (${JSON.stringify(tag.name)}) is not in the tag list, though it was never deleted`,
              ex,
            );
          }
          return `read the tag list: ${world.tags.length} of the sequence's expected`;
        }
      }
    },

    async clean(t, world, io) {
      await deleteEach(world.tags, io, (tag) => t.core('DELETE', `/tags/delete/${tag.id}.json`), 'tags');
    },
  };
}

export const tagSequenceChecks = [
  defineCheck({
    id: 'core.stateful.tags',
    title: 'random sequences of tag adds, renames, deletes and tag list reads agree with a model of the spec',
    surface: 'core',
    rules: ['CORE-STATE-TAGS'],
    cost: {
      // An add costs its delete at the sequence's end; every other step one request. The closing steps: an add
      // when none is left, a rename and the list. They judge the rule in every sequence, so 2 find what 10 would.
      sequences: { requestsPerStep: 2, setupRequests: 0, closingRequests: 4, most: 2, longest: 6 },
      requests: 0,
    },
    async run(t) {
      await runSequences(t, tagModel());
    },
  }),
];
