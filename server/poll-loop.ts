// The polling loops of a worker process, in one place for every engine (sending: its batch claims and its sweep;
// the tracking rollup; form confirmations; webhook delivery: its claims and its flush of outcomes). `napper` is a
// sleep that can be cut short (stop, or new work); `startPollLoop` runs one step after another: at once while a step
// says there is more, otherwise after `idleMs` or when woken. A step that throws is logged and tried again at the
// next poll (each step is a transaction or idempotent, so nothing is left half-done). stop() ends the nap and waits
// for the step in flight.

/**
 * `keepWake`: a wake-up that arrives while the loop is busy (not napping) is kept, so the next nap returns at once.
 * The webhook dispatcher needs it: a LISTEN notification can arrive while it claims, and must not wait a poll.
 */
export function napper({ keepWake = false }: { keepWake?: boolean } = {}) {
  let endNap: (() => void) | null = null;
  let woken = false;
  return {
    nap: (ms: number) =>
      new Promise<void>((resolve) => {
        if (woken) {
          woken = false;
          return resolve();
        }
        const timer = setTimeout(done, ms);
        function done() {
          clearTimeout(timer);
          endNap = null;
          woken = false;
          resolve();
        }
        endNap = done;
      }),
    wake: () => {
      if (keepWake) woken = true;
      endNap?.();
    },
  };
}

export type PollLoop = {
  /** Ends the nap: the next step runs now (work arrived, or room for it freed up). */
  wake: () => void;
  stop: () => Promise<void>;
};

export function startPollLoop({
  step,
  idleMs,
  onError,
  keepWake = false,
}: {
  /** One batch of work; true when another may follow at once. */
  step: () => Promise<boolean>;
  idleMs: number;
  onError: (error: unknown) => void;
  /** Keep a wake-up that comes while a step runs (napper's keepWake): for wake-ups that say "new work". */
  keepWake?: boolean;
}): PollLoop {
  let stopping = false;
  const { nap, wake } = napper({ keepWake });
  const loop = (async () => {
    while (!stopping) {
      let more = false;
      try {
        more = await step();
      } catch (error) {
        onError(error);
      }
      if (!more && !stopping) await nap(idleMs);
    }
  })();
  return {
    wake,
    async stop() {
      stopping = true;
      wake();
      await loop;
    },
  };
}

/** Resolves once `done()` is true, checking every `everyMs`: an engine's stop() waiting for its work in flight. */
export async function until(done: () => boolean, everyMs = 20): Promise<void> {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, everyMs));
}
