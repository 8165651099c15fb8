import { describe, expect, it } from "vitest";
import { applyPatch, createdRecords, updateRecords, type ContactState } from "./contact-changes";

const base: ContactState = {
  email: "a@example.com",
  firstName: "Ann",
  lastName: null,
  status: "subscribed",
  timezone: null,
  fields: { plan: "Free", age: 30 },
};

describe("applyPatch", () => {
  it("keeps omitted attributes, merges fields and lists only real changes", () => {
    const { next, changes } = applyPatch(base, {
      firstName: "Ann",
      lastName: "Lee",
      fields: { age: null, vip: true, plan: "Free" },
    });
    expect(next).toEqual({ ...base, lastName: "Lee", fields: { plan: "Free", vip: true } });
    expect(changes).toEqual([
      { field: "lastName", from: null, to: "Lee" },
      { field: "fields.age", from: 30, to: null },
      { field: "fields.vip", from: null, to: true },
    ]);
    expect(base.fields).toEqual({ plan: "Free", age: 30 });
  });

  it("finds nothing to change in an identical patch", () => {
    expect(applyPatch(base, { ...base, fields: { plan: "Free", missing: null } }).changes).toEqual([]);
  });
});

describe("updateRecords", () => {
  it("writes contact.updated, contact.unsubscribed and timeline rows", () => {
    const { next, changes } = applyPatch(base, { status: "unsubscribed", firstName: "Anne" });
    const { events, activities } = updateRecords("c1", next, changes);
    expect(events).toEqual([
      {
        type: "contact.updated",
        payload: { contactId: "c1", email: "a@example.com", changed: ["firstName", "status"] },
      },
      { type: "contact.unsubscribed", payload: { contactId: "c1", email: "a@example.com" } },
    ]);
    expect(activities).toEqual([
      { contactId: "c1", type: "field.changed", data: { field: "firstName", from: "Ann", to: "Anne" } },
      { contactId: "c1", type: "unsubscribed", data: { from: "subscribed" } },
    ]);
  });

  it("records other status moves as field changes and nothing for no change", () => {
    const bounced = applyPatch(base, { status: "bounced" });
    expect(updateRecords("c1", bounced.next, bounced.changes).activities).toEqual([
      { contactId: "c1", type: "field.changed", data: { field: "status", from: "subscribed", to: "bounced" } },
    ]);
    expect(updateRecords("c1", base, [])).toEqual({ events: [], activities: [] });
  });
});

describe("createdRecords", () => {
  it("records subscribed only for subscribed contacts", () => {
    expect(createdRecords("c1", base, "import").activities).toEqual([
      { contactId: "c1", type: "subscribed", data: { source: "import" } },
    ]);
    expect(createdRecords("c1", { ...base, status: "pending" }, "api")).toEqual({
      events: [{ type: "contact.created", payload: { contactId: "c1", email: "a@example.com" } }],
      activities: [],
    });
  });
});
