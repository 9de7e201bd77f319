import { type RecordedExchange, readHarEntries } from './har-reader.ts';

/**
 * The exchanges of several HAR files as one capture, in time order: each file is read as a stream, and the
 * earliest of the files' next entries goes first. Memory holds one entry a file and a chunk of each.
 */
export async function* captureOf(files: readonly string[]): AsyncGenerator<RecordedExchange & { readonly file: string }> {
  const readers = files.map((file) => ({ file, entries: readHarEntries(file) }));
  const heads: ({ file: string; entry: RecordedExchange; next: () => Promise<IteratorResult<RecordedExchange>> } | undefined)[] = [];
  for (const { file, entries } of readers) {
    const first = await entries.next();
    heads.push(first.done ? undefined : { file, entry: first.value, next: () => entries.next() });
  }
  for (;;) {
    let earliest = -1;
    for (let i = 0; i < heads.length; i++) {
      const head = heads[i];
      if (head && (earliest < 0 || head.entry.startedMs < (heads[earliest] as { entry: RecordedExchange }).entry.startedMs)) earliest = i;
    }
    if (earliest < 0) return;
    const head = heads[earliest] as { file: string; entry: RecordedExchange; next: () => Promise<IteratorResult<RecordedExchange>> };
    yield { ...head.entry, file: head.file };
    const following = await head.next();
    heads[earliest] = following.done ? undefined : { ...head, entry: following.value };
  }
}
