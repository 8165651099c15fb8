import { describe, expect, it } from "vitest";
import { CONTACT_STATUSES, type ContactStatus } from "@/lib/schemas/contacts";
import {
  importMayMove,
  mayMove,
  newContactTimestampsSql,
  STATUS_MOVES,
  statusMoveSql,
  statusTimestampsSql,
  timestampsOfMove,
  type StatusMove,
} from "./status-moves";

describe("which moves each cause may make", () => {
  const table: [StatusMove, ContactStatus[]][] = [
    ["confirm", ["pending", "unsubscribed"]],
    ["singleOptInForm", ["pending"]],
    ["unsubscribeLink", ["subscribed"]],
    ["bulkUnsubscribe", ["subscribed", "pending"]],
    ["hardBounce", ["subscribed", "pending"]],
    ["complaint", ["subscribed", "pending", "unsubscribed", "bounced"]],
  ];
  it.each(table)("%s moves a contact only from %j", (move, allowed) => {
    for (const status of CONTACT_STATUSES) expect(mayMove(move, status)).toBe(allowed.includes(status));
  });

  it("never moves a contact to the status it has (every move is a real change)", () => {
    for (const { to, from } of Object.values(STATUS_MOVES)) expect(from as readonly string[]).not.toContain(to);
  });

  it("an import never subscribes someone who left, and never hides a bounce or a complaint", () => {
    const allowed = (from: ContactStatus) => CONTACT_STATUSES.filter((to) => importMayMove(from, to));
    expect(allowed("subscribed")).toEqual(["subscribed", "unsubscribed", "pending", "bounced", "complained"]);
    expect(allowed("unsubscribed")).toEqual(["unsubscribed", "pending", "bounced", "complained"]);
    expect(allowed("pending")).toEqual(["unsubscribed", "pending", "bounced", "complained"]);
    expect(allowed("bounced")).toEqual(["bounced"]);
    expect(allowed("complained")).toEqual(["complained"]);
  });
});

describe("the timestamps of a move", () => {
  it("subscribing stamps subscribedAt and clears unsubscribedAt; unsubscribing stamps unsubscribedAt", () => {
    expect(timestampsOfMove("pending", "subscribed")).toEqual({ subscribedAt: "now", unsubscribedAt: "clear" });
    expect(timestampsOfMove("unsubscribed", "subscribed")).toEqual({ subscribedAt: "now", unsubscribedAt: "clear" });
    expect(timestampsOfMove("subscribed", "unsubscribed")).toEqual({ subscribedAt: "keep", unsubscribedAt: "now" });
    expect(timestampsOfMove(null, "subscribed")).toEqual({ subscribedAt: "now", unsubscribedAt: "clear" });
    expect(timestampsOfMove(null, "unsubscribed")).toEqual({ subscribedAt: "keep", unsubscribedAt: "now" });
  });

  it("keeps both when the status does not change, and on moves to pending, bounced or complained", () => {
    const keep = { subscribedAt: "keep", unsubscribedAt: "keep" };
    for (const status of CONTACT_STATUSES) expect(timestampsOfMove(status, status)).toEqual(keep);
    for (const to of ["pending", "bounced", "complained"] as const) {
      for (const from of [null, ...CONTACT_STATUSES]) if (from !== to) expect(timestampsOfMove(from, to)).toEqual(keep);
    }
  });
});

describe("the SQL of the rule", () => {
  it("a move sets its status and the timestamps of timestampsOfMove, guarded by its from-statuses", () => {
    expect(statusMoveSql("unsubscribeLink")).toEqual({
      set: `status = 'unsubscribed', "unsubscribedAt" = now()`,
      guard: `status IN ('subscribed')`,
    });
    expect(statusMoveSql("confirm")).toEqual({
      set: `status = 'subscribed', "subscribedAt" = now(), "unsubscribedAt" = NULL`,
      guard: `status IN ('pending', 'unsubscribed')`,
    });
    expect(statusMoveSql("complaint")).toEqual({
      set: `status = 'complained'`,
      guard: `status IN ('subscribed', 'pending', 'unsubscribed', 'bounced')`,
    });
  });

  it("the set-based fragments read the new status from the expression they are given", () => {
    expect(statusTimestampsSql("$5")).toContain(`$5 = 'subscribed' AND c.status <> 'subscribed'`);
    expect(statusTimestampsSql("u.status", "x")).toContain(`ELSE x."unsubscribedAt" END`);
    expect(newContactTimestampsSql("r.status")).toBe(
      `CASE WHEN r.status = 'subscribed' THEN now() END, CASE WHEN r.status = 'unsubscribed' THEN now() END`,
    );
  });
});
