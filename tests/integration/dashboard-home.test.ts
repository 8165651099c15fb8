// The dashboard home's services (server/services/dashboard-home): the latest broadcasts with their rates, the
// audience growth walked back from today's count over the contact timeline, the last form submissions across
// forms, empty answers for a new workspace, and nothing of another workspace in any of them.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "@/server/db/pool";
import { createContact } from "@/server/services/contacts/create-contact";
import { updateContact } from "@/server/services/contacts/update-contact";
import { getAudienceGrowth, GROWTH_DAYS } from "@/server/services/dashboard-home/get-audience-growth";
import { listRecentBroadcasts } from "@/server/services/dashboard-home/list-recent-broadcasts";
import { listRecentSubmissions } from "@/server/services/dashboard-home/list-recent-submissions";
import { makeWorkspace } from "../support/fixtures";
import { makeSentBroadcast } from "../support/broadcast-rows";

type Workspace = Awaited<ReturnType<typeof makeWorkspace>>;
const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

async function insertForm(workspaceId: string, name: string, deleted = false) {
  const id = randomUUID();
  await sql(
    `INSERT INTO "Form" (id, "workspaceId", name, type, status, "successMessage", "updatedAt", "deletedAt")
     VALUES ($1, $2, $3, 'inline', 'published', 'Thanks!', now(), $4)`,
    [id, workspaceId, name, deleted ? new Date() : null],
  );
  return id;
}

async function insertSubmission(workspaceId: string, formId: string, email: string, minutesAgo: number) {
  const { contact } = await createContact({ workspaceId, input: { email } });
  await sql(
    `INSERT INTO "FormSubmission" (id, "formId", "workspaceId", "contactId", data, source, device, "audienceStatus",
                                   "contactEmail", "submittedAt")
     VALUES (gen_random_uuid(), $1, $2, $3, '{}', 'Direct', 'Desktop', 'subscribed', $4,
             now() - $5 * interval '1 minute')`,
    [formId, workspaceId, contact.id, email, minutesAgo],
  );
}

describe("dashboard home", () => {
  let ws: Workspace;
  let other: Workspace;
  let empty: Workspace;

  beforeAll(async () => {
    [ws, other, empty] = await Promise.all([makeWorkspace(), makeWorkspace(), makeWorkspace()]);
  });

  it("answers empty lists and a flat zero line for a new workspace", async () => {
    expect(await listRecentBroadcasts({ workspaceId: empty.id })).toEqual([]);
    expect(await listRecentSubmissions({ workspaceId: empty.id })).toEqual([]);
    const growth = await getAudienceGrowth({ workspaceId: empty.id });
    expect(growth.subscribedNow).toBe(0);
    expect(growth.totalContacts).toBe(0);
    expect(growth.days).toHaveLength(GROWTH_DAYS);
    expect(growth.days.every((d) => d.subscribed === 0 && d.added === 0 && d.unsubscribed === 0)).toBe(true);
    expect(growth.days.at(-1)!.day).toBe(isoDay(Date.now()));
  });

  it("lists the five newest unarchived broadcasts with their rates", async () => {
    const made: string[] = [];
    for (let i = 0; i < 7; i++) {
      const b = await makeSentBroadcast({ workspaceId: ws.id, count: 4 });
      await sql(`UPDATE "Broadcast" SET name = $2, "createdAt" = now() + $3 * interval '1 second' WHERE id = $1`, [
        b.id,
        `Letter ${i}`,
        i,
      ]);
      made.push(b.id);
    }
    await sql(`UPDATE "Broadcast" SET "archivedAt" = now() WHERE id = $1`, [made[6]]);
    // Letter 5: 2 of 4 opened, 1 clicked, 1 bounced: rates over the 3 reached.
    await sql(`INSERT INTO "BroadcastStats" ("broadcastId", "uniqueOpens", clicked, bounced) VALUES ($1, 2, 1, 1)`, [
      made[5],
    ]);
    await makeSentBroadcast({ workspaceId: other.id, count: 1 });

    const recent = await listRecentBroadcasts({ workspaceId: ws.id });
    expect(recent.map((b) => b.name)).toEqual(["Letter 5", "Letter 4", "Letter 3", "Letter 2", "Letter 1"]);
    expect(recent[0]).toMatchObject({ status: "sent", sent: 4, openRate: 66.67, clickRate: 33.33, paused: false });
    expect(recent[0]!.sentAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(recent[1]).toMatchObject({ openRate: 0, clickRate: 0 });
  });

  it("walks the subscribed count back over the timeline's subscribes and unsubscribes", async () => {
    const g = await makeWorkspace();
    const ids: string[] = [];
    for (const email of ["a@growth.test", "b@growth.test", "c@growth.test"]) {
      ids.push((await createContact({ workspaceId: g.id, input: { email } })).contact.id);
    }
    await createContact({ workspaceId: g.id, input: { email: "p@growth.test", status: "pending" } });
    await updateContact({ workspaceId: g.id, contactId: ids[2]!, input: { status: "unsubscribed" } });
    // Two of the subscribes happened days ago: a four days ago (with its creation), b two days ago.
    const back = (days: number) => new Date(Date.now() - days * DAY);
    await sql(`UPDATE "Contact" SET "createdAt" = $2 WHERE id = $1`, [ids[0], back(4)]);
    await sql(`UPDATE "ContactActivity" SET "createdAt" = $2 WHERE "contactId" = $1 AND type = 'subscribed'`, [
      ids[0],
      back(4),
    ]);
    await sql(`UPDATE "ContactActivity" SET "createdAt" = $2 WHERE "contactId" = $1 AND type = 'subscribed'`, [
      ids[1],
      back(2),
    ]);
    // Another workspace's moves never show.
    await createContact({ workspaceId: other.id, input: { email: "x@growth.test" } });

    const growth = await getAudienceGrowth({ workspaceId: g.id });
    expect(growth.subscribedNow).toBe(2);
    expect(growth.totalContacts).toBe(4);
    const day = (daysAgo: number) => growth.days.find((d) => d.day === isoDay(Date.now() - daysAgo * DAY))!;
    expect(day(5)).toMatchObject({ subscribed: 0, added: 0, unsubscribed: 0 });
    expect(day(4)).toMatchObject({ subscribed: 1, added: 1 });
    expect(day(3)).toMatchObject({ subscribed: 1, added: 0 });
    expect(day(2)).toMatchObject({ subscribed: 2, added: 0 });
    // Today: c subscribed and unsubscribed again, p is pending: three added, one unsubscribe, two subscribed.
    expect(day(0)).toEqual({ day: isoDay(Date.now()), subscribed: 2, added: 3, unsubscribed: 1 });
  });

  it("lists the last ten submissions across forms, newest first, without deleted forms", async () => {
    const s = await makeWorkspace();
    const signup = await insertForm(s.id, "Signup");
    const popup = await insertForm(s.id, "Popup");
    const gone = await insertForm(s.id, "Gone", true);
    for (let i = 0; i < 7; i++) await insertSubmission(s.id, signup, `s${i}@forms.test`, 10 + i * 2);
    for (let i = 0; i < 7; i++) await insertSubmission(s.id, popup, `p${i}@forms.test`, 11 + i * 2);
    await insertSubmission(s.id, gone, "gone@forms.test", 0);
    await insertSubmission(other.id, await insertForm(other.id, "Theirs"), "t@forms.test", 0);

    const recent = await listRecentSubmissions({ workspaceId: s.id });
    expect(recent.map((r) => r.email)).toEqual([
      "s0@forms.test",
      "p0@forms.test",
      "s1@forms.test",
      "p1@forms.test",
      "s2@forms.test",
      "p2@forms.test",
      "s3@forms.test",
      "p3@forms.test",
      "s4@forms.test",
      "p4@forms.test",
    ]);
    expect(recent[0]).toMatchObject({ formId: signup, formName: "Signup" });
    expect(recent[1]).toMatchObject({ formId: popup, formName: "Popup" });
  });
});
