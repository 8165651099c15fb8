import { afterEach, describe, expect, it, vi } from "vitest";
import { napper, startPollLoop, until } from "./poll-loop";

afterEach(() => vi.useRealTimers());

/** Whether the promise has settled once pending microtasks ran (fake timers: no time passes). */
async function settled(promise: Promise<unknown>) {
  let done = false;
  void promise.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

describe("napper", () => {
  it("sleeps until its time, or until woken", async () => {
    vi.useFakeTimers();
    const { nap, wake } = napper();
    const first = nap(1_000);
    expect(await settled(first)).toBe(false);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await settled(first)).toBe(true);
    const second = nap(1_000);
    wake();
    expect(await settled(second)).toBe(true);
  });

  it("forgets a wake-up between naps, unless told to keep it (the webhook dispatcher's LISTEN)", async () => {
    vi.useFakeTimers();
    const plain = napper();
    plain.wake();
    expect(await settled(plain.nap(1_000))).toBe(false);

    const keeping = napper({ keepWake: true });
    keeping.wake();
    expect(await settled(keeping.nap(1_000))).toBe(true);
    // Kept once: the nap after it sleeps again.
    expect(await settled(keeping.nap(1_000))).toBe(false);
  });
});

describe("startPollLoop", () => {
  it("runs steps at once while there is more, naps otherwise, survives a failing step, and stops", async () => {
    vi.useFakeTimers();
    const answers = [true, true, false];
    const errors: unknown[] = [];
    let steps = 0;
    const loop = startPollLoop({
      idleMs: 1_000,
      onError: (error) => errors.push(error),
      step: async () => {
        steps++;
        if (steps === 4) throw new Error("boom");
        return answers.shift() ?? false;
      },
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(steps).toBe(3);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(steps).toBe(4);
    expect(errors).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(steps).toBe(5);
    await loop.stop();
  });

  it("runs the next step at once when woken (a finished batch freed a slot), and keeps a wake-up only if told", async () => {
    vi.useFakeTimers();
    let steps = 0;
    const loop = startPollLoop({ idleMs: 1_000, onError: () => {}, step: async () => (steps++, false) });
    await vi.advanceTimersByTimeAsync(0);
    expect(steps).toBe(1);
    loop.wake();
    await vi.advanceTimersByTimeAsync(0);
    expect(steps).toBe(2);
    await loop.stop();

    // A wake-up during a step (a LISTEN notification while claiming): kept, so the nap after the step is skipped.
    for (const keepWake of [false, true]) {
      let release = () => {};
      let runs = 0;
      const kept = startPollLoop({
        idleMs: 1_000,
        keepWake,
        onError: () => {},
        step: () => (
          runs++,
          runs === 1 ? new Promise<boolean>((r) => (release = () => r(false))) : Promise.resolve(false)
        ),
      });
      await vi.advanceTimersByTimeAsync(0);
      kept.wake();
      release();
      await vi.advanceTimersByTimeAsync(0);
      expect(runs).toBe(keepWake ? 2 : 1);
      await kept.stop();
    }
  });

  it("stops without waiting out its nap", async () => {
    vi.useFakeTimers();
    const loop = startPollLoop({ idleMs: 60_000, onError: () => {}, step: async () => false });
    await vi.advanceTimersByTimeAsync(0);
    expect(await settled(loop.stop())).toBe(true);
  });
});

describe("until", () => {
  it("resolves once the condition holds (an engine's stop waiting for its work in flight)", async () => {
    vi.useFakeTimers();
    let inFlight = 2;
    const drained = until(() => inFlight === 0, 20);
    expect(await settled(drained)).toBe(false);
    inFlight = 0;
    await vi.advanceTimersByTimeAsync(20);
    expect(await settled(drained)).toBe(true);
  });
});
