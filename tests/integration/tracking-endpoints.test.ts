// The public tracking endpoints end to end: forged tokens record nothing, hits are classified (person, Apple MPP,
// scanner, prefetch), clicks go only to links recorded for the recipient's broadcast, one-click unsubscribe.
import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "@/server/db/pool";
import { recipientToken } from "@/server/broadcasts/recipient-tokens";
import { unsubscribePageState } from "@/server/services/tracking/unsubscribe";
import { maskEmail } from "@/lib/email-address";
import { makeWorkspace } from "../support/fixtures";
import { drain, makeSentBroadcast, type SentBroadcast } from "../support/broadcast-rows";
import { GET as openPixel } from "@/app/(public)/t/o/[token]/route";
import { GET as clickLink } from "@/app/(public)/t/c/[linkId]/[token]/route";
import { GET as oneClickGet, POST as oneClick } from "@/app/(public)/u/[token]/one-click/route";

const HUMAN =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36";

const open = (token: string, ua = HUMAN) =>
  openPixel(new Request(`http://sendwell.test/t/o/${token}`, { headers: { "user-agent": ua } }), {
    params: Promise.resolve({ token }),
  });
const click = (linkId: bigint | string, token: string, ua = HUMAN) =>
  clickLink(new Request(`http://sendwell.test/t/c/${linkId}/${token}`, { headers: { "user-agent": ua } }), {
    params: Promise.resolve({ linkId: String(linkId), token }),
  });
const unsubscribe = (token: string, body = "List-Unsubscribe=One-Click") =>
  oneClick(
    new Request(`http://sendwell.test/u/${token}/one-click`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body,
    }),
    { params: Promise.resolve({ token }) },
  );

const eventsOf = (broadcastId: string) =>
  sql<{ type: string; class: string | null; device: string | null; linkId: string | null; recipientId: string }>(
    `SELECT type, class, device, "linkId", "recipientId" FROM "EmailEvent" WHERE "broadcastId" = $1 ORDER BY seq`,
    [broadcastId],
  );

const forge = (token: string) => {
  const [id, mac] = token.split(".") as [string, string];
  return `${id}.${mac[0] === "A" ? "B" : "A"}${mac.slice(1)}`;
};

describe("open pixel", () => {
  let b: SentBroadcast;
  beforeAll(async () => {
    b = await makeSentBroadcast({ workspaceId: (await makeWorkspace()).id, count: 2 });
  });

  it("answers a 43-byte GIF that no cache keeps, for good and bad tokens alike", async () => {
    for (const token of [b.recipients[0]!.token, "garbage", forge(b.recipients[0]!.token)]) {
      const res = await open(token);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/gif");
      expect(res.headers.get("cache-control")).toContain("no-store");
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect(bytes.length).toBe(43);
      expect(Buffer.from(bytes.subarray(0, 6)).toString()).toBe("GIF89a");
    }
  });

  it("records an event only for a genuine token", async () => {
    const before = (await eventsOf(b.id)).length;
    await open(forge(b.recipients[1]!.token));
    await open("1.AAAAAAAAAAAAAAAA");
    // A correctly signed token of a recipient that does not exist records nothing either.
    await open(recipientToken(9_000_000_000n));
    expect((await eventsOf(b.id)).length).toBe(before);
    await open(b.recipients[1]!.token);
    expect((await eventsOf(b.id)).length).toBe(before + 1);
  });
});

describe("classification end to end", () => {
  it("labels a person, Apple MPP, a scanner and a prefetch, and the rollup counts them apart", async () => {
    const workspaceId = (await makeWorkspace()).id;
    const b = await makeSentBroadcast({ workspaceId, count: 3 });
    // Sent just now: any hit is inside the 2-second prefetch window.
    const fresh = await makeSentBroadcast({ workspaceId, count: 1, sentAt: new Date() });
    const [person, apple, scanner] = b.recipients as [
      SentBroadcast["recipients"][number],
      ...SentBroadcast["recipients"],
    ];
    await open(person.token, HUMAN);
    await open(apple!.token, "Mozilla/5.0");
    await open(scanner!.token, "Barracuda Sentinel (EE)");
    await open(fresh.recipients[0]!.token, HUMAN);
    expect((await eventsOf(b.id)).map((e) => [e.class, e.device])).toEqual([
      ["human", "Desktop"],
      ["mpp", "Other"],
      ["machine", "Other"],
    ]);
    await drain();
    const stats = await sql(
      `SELECT "broadcastId", "uniqueOpens", "totalOpens", "machineOpens", "mppAffected" FROM "BroadcastStats"
        WHERE "broadcastId" = ANY($1::uuid[]) ORDER BY "uniqueOpens" DESC`,
      [[b.id, fresh.id]],
    );
    expect(stats).toEqual([
      { broadcastId: b.id, uniqueOpens: 2, totalOpens: 3, machineOpens: 1, mppAffected: 1 },
      // The person's user agent, but 0 s after the send: a prefetch, so a machine open.
      { broadcastId: fresh.id, uniqueOpens: 0, totalOpens: 1, machineOpens: 1, mppAffected: 0 },
    ]);
  });
});

describe("click redirect", () => {
  let b: SentBroadcast;
  let other: SentBroadcast;
  beforeAll(async () => {
    const workspaceId = (await makeWorkspace()).id;
    b = await makeSentBroadcast({
      workspaceId,
      links: ["https://example.com/a?x=1", "https://shop.example/?e={{email}}"],
    });
    other = await makeSentBroadcast({ workspaceId: (await makeWorkspace()).id, links: ["https://elsewhere.example/"] });
  });

  it("goes to the recorded URL with a 302 and records the click", async () => {
    const r = b.recipients[0]!;
    const res = await click(b.links[0]!.id, r.token);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("https://example.com/a?x=1");
    expect((await eventsOf(b.id)).filter((e) => e.type === "click")).toEqual([
      {
        type: "click",
        class: "human",
        device: "Desktop",
        linkId: b.links[0]!.id.toString(),
        recipientId: r.id.toString(),
      },
    ]);
  });

  it("fills merge tags of the recorded URL with the recipient's values, URL-encoded", async () => {
    const r = b.recipients[1]!;
    const res = await click(b.links[1]!.id, r.token);
    expect(res.headers.get("location")).toBe(`https://shop.example/?e=${encodeURIComponent(r.email)}`);
  });

  it("answers 404 and records nothing for another broadcast's link, an unknown link or a bad token", async () => {
    const before = (await eventsOf(b.id)).length;
    const token = b.recipients[0]!.token;
    for (const [linkId, t] of [
      [other.links[0]!.id, token], // a real link, of another broadcast (another workspace)
      [999_999_999_999n, token],
      ["abc", token],
      ["-1", token],
      [b.links[0]!.id, forge(token)],
      [b.links[0]!.id, "nonsense"],
    ] as const) {
      const res = await click(linkId, t);
      expect(res.status).toBe(404);
      expect(res.headers.get("location")).toBeNull();
      expect(await res.text()).toContain("Link not found");
    }
    expect((await eventsOf(b.id)).length).toBe(before);
    expect((await eventsOf(other.id)).length).toBe(0);
  });
});

describe("click redirect of a link stored with a merge tag in its host (sent before such links were refused)", () => {
  let b: SentBroadcast;
  beforeAll(async () => {
    b = await makeSentBroadcast({
      workspaceId: (await makeWorkspace()).id,
      links: [
        "https://{{website|shop.example}}/sale?e={{email}}",
        "https://{{website}}/",
        "https://shop.example{{suffix|}}/p",
        "https://{{website|shop.example}}/ok",
      ],
    });
    // What a form visitor can set: their own contact's custom fields.
    const fields = [{ website: "evil.example", suffix: ".evil.example" }, { website: "shop.example" }, {}];
    for (const [i, r] of b.recipients.entries()) {
      await sql(`UPDATE "Contact" SET fields = $2 WHERE id = $1`, [r.contactId, JSON.stringify(fields[i])]);
    }
  });

  const location = async (link: number, recipient: number) => {
    const res = await click(b.links[link]!.id, b.recipients[recipient]!.token);
    return res.status === 302 ? res.headers.get("location") : res.status;
  };

  it("never redirects to a host the recipient's data names: the link as written (tags at their fallbacks) instead", async () => {
    const [evil, same, none] = b.recipients.map((r) => encodeURIComponent(r.email));
    expect(await location(0, 0)).toBe("https://shop.example/sale?e=");
    expect(await location(0, 1)).toBe(`https://shop.example/sale?e=${same}`);
    expect(await location(0, 2)).toBe(`https://shop.example/sale?e=${none}`);
    expect(await location(2, 0)).toBe("https://shop.example/p");
    expect(await location(2, 1)).toBe("https://shop.example/p");
    expect(evil).not.toBe(same);
  });

  it("answers 404 when the link as written has no host of its own", async () => {
    for (const recipient of [0, 1, 2]) expect(await location(1, recipient)).toBe(404);
  });
});

describe("one-click unsubscribe", () => {
  it("unsubscribes once: contact, recipient, event, timeline and Event log, however often it is posted", async () => {
    const workspaceId = (await makeWorkspace()).id;
    const b = await makeSentBroadcast({ workspaceId, count: 2 });
    const r = b.recipients[0]!;
    const results = await Promise.all([unsubscribe(r.token), unsubscribe(r.token)]);
    expect(results.map((res) => res.status)).toEqual([200, 200]);
    expect((await unsubscribe(r.token)).status).toBe(200);

    const [contact] = await sql<{ status: string; unsubscribedAt: Date | null }>(
      `SELECT status, "unsubscribedAt" FROM "Contact" WHERE id = $1`,
      [r.contactId],
    );
    expect(contact?.status).toBe("unsubscribed");
    expect(contact?.unsubscribedAt).toBeInstanceOf(Date);
    const [recipient] = await sql<{ unsubscribedAt: Date | null }>(
      `SELECT "unsubscribedAt" FROM "BroadcastRecipient" WHERE id = $1`,
      [r.id.toString()],
    );
    expect(recipient?.unsubscribedAt).toBeInstanceOf(Date);
    expect((await eventsOf(b.id)).map((e) => e.type)).toEqual(["unsubscribed"]);
    const activity = await sql<{ type: string; broadcastId: string }>(
      `SELECT type, "broadcastId" FROM "ContactActivity" WHERE "contactId" = $1`,
      [r.contactId],
    );
    expect(activity).toEqual([{ type: "unsubscribed", broadcastId: b.id }]);
    const events = await sql<{ type: string; payload: unknown }>(
      `SELECT type, payload FROM "Event" WHERE "workspaceId" = $1 ORDER BY seq`,
      [workspaceId],
    );
    expect(events).toEqual([
      { type: "contact.updated", payload: { contactId: r.contactId, email: r.email, changed: ["status"] } },
      { type: "contact.unsubscribed", payload: { contactId: r.contactId, email: r.email } },
    ]);
    // The other recipient's contact is untouched.
    const [untouched] = await sql<{ status: string }>(`SELECT status FROM "Contact" WHERE id = $1`, [
      b.recipients[1]!.contactId,
    ]);
    expect(untouched?.status).toBe("subscribed");

    await drain();
    const [stats] = await sql(`SELECT unsubscribed FROM "BroadcastStats" WHERE "broadcastId" = $1`, [b.id]);
    expect(stats).toEqual({ unsubscribed: 1 });
  });

  it("counts a recipient once against the broadcast even after the contact resubscribed and used the link again", async () => {
    const workspaceId = (await makeWorkspace()).id;
    const b = await makeSentBroadcast({ workspaceId, count: 1 });
    const r = b.recipients[0]!;
    await unsubscribe(r.token);
    await sql(`UPDATE "Contact" SET status = 'subscribed' WHERE id = $1`, [r.contactId]);
    await unsubscribe(r.token);
    const [contact] = await sql<{ status: string }>(`SELECT status FROM "Contact" WHERE id = $1`, [r.contactId]);
    expect(contact?.status).toBe("unsubscribed");
    const unsubscribedEvents = await sql(
      `SELECT 1 FROM "Event" WHERE "workspaceId" = $1 AND type = 'contact.unsubscribed'`,
      [workspaceId],
    );
    expect(unsubscribedEvents).toHaveLength(2); // two real changes of the contact
    await drain();
    const [stats] = await sql(`SELECT unsubscribed FROM "BroadcastStats" WHERE "broadcastId" = $1`, [b.id]);
    expect(stats).toEqual({ unsubscribed: 1 });
  });

  it("sends the page's own form back to the page (303), and a GET only redirects to the page", async () => {
    const b = await makeSentBroadcast({ workspaceId: (await makeWorkspace()).id, count: 1 });
    const r = b.recipients[0]!;
    const get = await oneClickGet(new Request(`http://sendwell.test/u/${r.token}/one-click`), {
      params: Promise.resolve({ token: r.token }),
    });
    expect(get.status).toBe(303);
    expect(get.headers.get("location")).toBe(`/u/${r.token}`);
    const [stillSubscribed] = await sql<{ status: string }>(`SELECT status FROM "Contact" WHERE id = $1`, [
      r.contactId,
    ]);
    expect(stillSubscribed?.status).toBe("subscribed");

    const res = await unsubscribe(r.token, "List-Unsubscribe=One-Click&source=page");
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/u/${r.token}`);
    const [contact] = await sql<{ status: string }>(`SELECT status FROM "Contact" WHERE id = $1`, [r.contactId]);
    expect(contact?.status).toBe("unsubscribed");
  });

  it("refuses a forged token and changes nothing", async () => {
    const b = await makeSentBroadcast({ workspaceId: (await makeWorkspace()).id, count: 1 });
    const r = b.recipients[0]!;
    expect((await unsubscribe(forge(r.token))).status).toBe(404);
    const [contact] = await sql<{ status: string }>(`SELECT status FROM "Contact" WHERE id = $1`, [r.contactId]);
    expect(contact?.status).toBe("subscribed");
    expect(await eventsOf(b.id)).toEqual([]);
  });
});

describe("unsubscribe page state", () => {
  it("asks a subscribed recipient, shows the unsubscribed state afterwards, and refuses forged tokens", async () => {
    const ws = await makeWorkspace("Acme Letters");
    const b = await makeSentBroadcast({ workspaceId: ws.id, count: 1 });
    const r = b.recipients[0]!;
    expect(await unsubscribePageState(r.token)).toEqual({
      workspaceName: "Acme Letters",
      maskedEmail: maskEmail(r.email),
      unsubscribed: false,
    });
    await unsubscribe(r.token, "List-Unsubscribe=One-Click&source=page");
    expect(await unsubscribePageState(r.token)).toMatchObject({ unsubscribed: true });
    expect(await unsubscribePageState(forge(r.token))).toBeNull();
    expect(await unsubscribePageState(recipientToken(9_000_000_000n))).toBeNull();
  });
});
