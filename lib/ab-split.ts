// How an A/B test splits an audience: one rule for the fan-out (server/sending/fan-out.ts, whose SQL computes the
// same numbers chunk by chunk) and the Send-now confirmation, so what the marketer is told is what is sent.

/** The test group of `audience` contacts at `percent` %: round(percent × audience / 100), halves rounded up. */
export function testGroupSize(audience: number, percent: number): number {
  return Math.floor((percent * audience + 50) / 100);
}

export type AbSplit = {
  /** Recipients of each variant now, in the variants' order (round-robin: the first ones get one more). */
  perVariant: number[];
  /** The rest of the audience, who get the winner. */
  rest: number;
};

export function abSplit(audience: number, percent: number, variants: number): AbSplit {
  const test = testGroupSize(audience, percent);
  const each = Math.floor(test / variants);
  return {
    perVariant: Array.from({ length: variants }, (_, i) => each + (i < test % variants ? 1 : 0)),
    rest: audience - test,
  };
}
