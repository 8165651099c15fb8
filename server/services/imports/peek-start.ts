// The start of a stream, read ahead (to detect an encoding, sniff a delimiter) without losing it: `whole` yields
// every piece again, the start first. Used by the upload and by the CSV reader.

/**
 * Reads `source` until `sizeOf` of the pieces read adds up to `length`, or it ends. Stopping `whole` early (or
 * calling `release`) releases the source.
 */
export async function peekStart<T>(
  source: AsyncIterable<T> | Iterable<T>,
  length: number,
  sizeOf: (piece: T) => number,
): Promise<{ start: T[]; size: number; whole: AsyncIterable<T>; release: () => Promise<unknown> }> {
  const iterator = (Symbol.asyncIterator in source ? source[Symbol.asyncIterator]() : source[Symbol.iterator]()) as
    AsyncIterator<T> | Iterator<T>;
  const start: T[] = [];
  let size = 0;
  let ended = false;
  while (size < length) {
    const next = await iterator.next();
    if (next.done) {
      ended = true;
      break;
    }
    start.push(next.value);
    size += sizeOf(next.value);
  }
  const release = async () => {
    if (!ended) await iterator.return?.();
  };
  async function* whole() {
    try {
      yield* start;
      if (ended) return;
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
      ended = true;
    } finally {
      await release();
    }
  }
  return { start, size, whole: whole(), release };
}
