// Group commit: many small writes that arrive together go to the database as one multi-row statement, and each
// caller's promise settles with the statement that holds its item. A hit is answered only after that statement
// committed, so a process killed mid-load never loses a write it answered; and one commit (one WAL flush on
// PostgreSQL, one turn of the embedded database's single session) is shared by the whole batch instead of paid per
// write. No timer: an item goes out at once (after the current tick, so one tick's items share a statement) when a
// statement slot is free; otherwise it queues, and the queue leaves as the next batch when a statement returns. Under
// load batches grow by themselves; when idle, nothing waits.
//
// A failed batch rejects every caller and is never retried: a statement whose outcome is unknown (the connection
// dropped after the server committed) would otherwise be written twice.

export type GroupCommitOptions<Item, Result> = {
  /**
   * Writes `items` in one statement (committed when it returns) and answers one result per item, in their order.
   * Throwing fails every item of the batch.
   */
  write: (items: Item[]) => Promise<Result[]>;
  /** The most items in one statement (bounds a statement's time, so a caller's wait). */
  maxBatch: number;
  /** The most statements running at once (each holds a pooled connection). */
  maxInFlight: number;
};

type Waiter<Item, Result> = { item: Item; resolve: (result: Result) => void; reject: (error: unknown) => void };

export type GroupCommit<Item, Result> = {
  /** Queues `item`; resolves with its result once the statement holding it committed, rejects if it failed. */
  add(item: Item): Promise<Result>;
  /** Counters for tests and benchmarks: statements started and items written through them. */
  readonly stats: { statements: number; items: number };
};

export function groupCommit<Item, Result>({
  write,
  maxBatch,
  maxInFlight,
}: GroupCommitOptions<Item, Result>): GroupCommit<Item, Result> {
  let queue: Waiter<Item, Result>[] = [];
  let inFlight = 0;
  let scheduled = false;
  const stats = { statements: 0, items: 0 };

  function schedule() {
    if (scheduled || inFlight >= maxInFlight) return;
    scheduled = true;
    queueMicrotask(() => {
      scheduled = false;
      flush();
    });
  }

  function flush() {
    while (queue.length > 0 && inFlight < maxInFlight) {
      const batch = queue.length <= maxBatch ? queue : queue.slice(0, maxBatch);
      queue = queue.length <= maxBatch ? [] : queue.slice(maxBatch);
      inFlight++;
      stats.statements++;
      stats.items += batch.length;
      void run(batch);
    }
  }

  async function run(batch: Waiter<Item, Result>[]) {
    try {
      const results = await write(batch.map((w) => w.item));
      if (results.length !== batch.length)
        throw new Error(`group commit: ${results.length} results for ${batch.length} items`);
      batch.forEach((w, i) => w.resolve(results[i] as Result));
    } catch (error) {
      for (const w of batch) w.reject(error);
    } finally {
      inFlight--;
      flush();
    }
  }

  return {
    add(item) {
      return new Promise<Result>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        schedule();
      });
    },
    stats,
  };
}
