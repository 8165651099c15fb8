// A refused reset link must not hold its transaction open. The refusal looked up the token's state with db() while
// the transaction that had failed to claim it was still open: on the embedded database (one session) that lookup
// waited for the transaction and the transaction for it, until Prisma's 5 s timeout ended both, and every other
// write of the app waited meanwhile (an anonymous request with a made-up token stalled the database). The password
// hash is replaced here so that the call's time is the database's alone: the bound tells a deadlock (at least the
// 5 s timeout) from none, it is not a speed target.
import { describe, expect, it, vi } from "vitest";
import { db } from "@/server/db/client";
import { resetPassword } from "@/server/services/account/reset-password";

vi.mock("@/server/services/users/password", () => ({
  hashPassword: async () => "not-a-real-hash",
  verifyPassword: async () => false,
  dummyPasswordHash: async () => "not-a-real-hash",
}));

describe("a refused reset link", () => {
  it("answers without waiting out the transaction it failed to claim the token in", async () => {
    await db().$transaction(async (tx) => tx.accountToken.count()); // connected and warm before any timing
    for (const token of ["A".repeat(43), "Zz".repeat(21) + "9"]) {
      const started = Date.now();
      await expect(resetPassword({ token, newPassword: "brand new password 456" })).rejects.toMatchObject({
        code: "BAD_REQUEST",
        message: expect.stringMatching(/not valid/),
      });
      expect(Date.now() - started).toBeLessThan(2_500);
    }
  });
});
