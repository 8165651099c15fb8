import { describe, expect, it } from "vitest";
import { BroadcastStatus as StoredStatus } from "@/server/db/generated/enums";
import { BROADCAST_STATUSES } from "@/lib/schemas/broadcast-constants";
import { illegalMove } from "./state";

describe("broadcast statuses", () => {
  it("lib's one list is the database enum's values (the browser cannot import the Prisma client)", () => {
    expect([...BROADCAST_STATUSES].sort()).toEqual(Object.values(StoredStatus).sort());
  });
});

describe("illegalMove", () => {
  it("names the current status and the statuses the move is allowed from", () => {
    expect(illegalMove("send", "sent", ["draft", "scheduled"]).message).toBe(
      "Cannot send a broadcast whose status is `sent`: only a broadcast in `draft` or `scheduled` can be.",
    );
    expect(illegalMove("pause", "draft", ["sending"], "Nothing is being sent.").message).toBe(
      "Cannot pause a broadcast whose status is `draft`: only a broadcast in `sending` can be. Nothing is being sent.",
    );
  });
});
