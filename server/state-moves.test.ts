import { describe, expect, it } from "vitest";
import { illegalMove } from "./state-moves";

describe("illegalMove", () => {
  it("names the current status and the statuses the move is allowed from", () => {
    expect(illegalMove("broadcast", "send", "sent", ["draft", "scheduled"]).message).toBe(
      "Cannot send a broadcast whose status is `sent`: only a broadcast in `draft` or `scheduled` can be.",
    );
    expect(illegalMove("broadcast", "pause", "draft", ["sending"], { also: "Nothing is being sent." }).message).toBe(
      "Cannot pause a broadcast whose status is `draft`: only a broadcast in `sending` can be. Nothing is being sent.",
    );
  });

  it("says what to do instead of the allowed statuses when told (forms), and is a 409", () => {
    const error = illegalMove("form", "publish", "archived", ["draft"], { instead: "unarchive it first." });
    expect(error.message).toBe("Cannot publish a form whose status is `archived`: unarchive it first.");
    expect(error.code).toBe("CONFLICT");
    expect(illegalMove("form", "edit", "archived", ["draft", "published"], { instead: "" }).message).toBe(
      "Cannot edit a form whose status is `archived`: only a form in `draft` or `published` can be.",
    );
  });
});
