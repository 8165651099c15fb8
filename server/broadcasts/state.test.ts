import { describe, expect, it } from "vitest";
import { BroadcastStatus as StoredStatus } from "@/server/db/generated/enums";
import { BROADCAST_STATUSES } from "@/lib/schemas/broadcast-constants";

describe("broadcast statuses", () => {
  it("lib's one list is the database enum's values (the browser cannot import the Prisma client)", () => {
    expect([...BROADCAST_STATUSES].sort()).toEqual(Object.values(StoredStatus).sort());
  });
});
