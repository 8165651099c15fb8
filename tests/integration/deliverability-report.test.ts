// The broadcast report says which rule acted: recipients carry suppressedBy (list, "suppressed" filter, CSV, the
// public API's documented page) and the report's "Suppressed by rules" figure counts them by rule. A hard bounce of
// an unsubscribed contact suppressed nobody and is in none of them.
import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "@/server/db/pool";
import { applyDeliveryEvent, type DeliveryEvent } from "@/server/deliverability/apply-delivery-event";
import { listBroadcastRecipients } from "@/server/services/broadcasts/list-broadcast-recipients";
import { exportBroadcastRecipientsCsv } from "@/server/services/broadcasts/export-broadcast-recipients-csv";
import { countSuppressedRecipients } from "@/server/services/deliverability/count-suppressed-recipients";
import { loadBroadcastPage } from "@/app/(dashboard)/broadcasts/_lib/load-broadcast";
import { GET as recipientsRoute } from "@/app/api/v1/broadcasts/[id]/recipients/route";
import { ZBroadcastRecipientPage } from "@/lib/schemas/broadcast-recipients";
import { call, makeWorkspace } from "../support/fixtures";
import { drain, makeSentBroadcast, type SentBroadcast, type SentRecipient } from "../support/broadcast-rows";

const event = (r: SentRecipient, over: Partial<DeliveryEvent>): DeliveryEvent => ({
  source: "ses",
  key: null,
  kind: "bounced",
  bounceType: "hard",
  detail: null,
  match: { recipientId: r.id },
  ...over,
});

describe("the report's suppressions", () => {
  let workspace: Awaited<ReturnType<typeof makeWorkspace>>;
  let b: SentBroadcast;
  beforeAll(async () => {
    workspace = await makeWorkspace();
    await sql(`UPDATE "Workspace" SET "softBounceLimit" = 1 WHERE id = $1`, [workspace.id]);
    b = await makeSentBroadcast({ workspaceId: workspace.id, count: 5 });
    const [hard, soft, spam, unsubscribed] = b.recipients as SentRecipient[];
    await sql(`UPDATE "Contact" SET status = 'unsubscribed' WHERE id = $1`, [unsubscribed!.contactId]);
    await applyDeliveryEvent(event(hard!, {}));
    await applyDeliveryEvent(event(soft!, { bounceType: "soft" }));
    await applyDeliveryEvent(event(spam!, { kind: "complained", bounceType: null }));
    await applyDeliveryEvent(event(unsubscribed!, {}));
    await drain();
  });

  it("lists who was suppressed and by which rule", async () => {
    const page = await listBroadcastRecipients({
      workspaceId: workspace.id,
      broadcastId: b.id,
      filter: { status: "suppressed" },
    });
    const byEmail = new Map(b.recipients.map((r, i) => [r.email, i]));
    expect(page.data.map((r) => [byEmail.get(r.email), r.suppressedBy]).sort()).toEqual([
      [0, "hard_bounce"],
      [1, "soft_bounces"],
      [2, "complaint"],
    ]);
    const everyone = await listBroadcastRecipients({ workspaceId: workspace.id, broadcastId: b.id });
    expect(everyone.data.filter((r) => r.suppressedBy === null)).toHaveLength(2);
  });

  it("exports suppressed_by and answers the public API with the documented shape", async () => {
    const { stream } = await exportBroadcastRecipientsCsv({
      workspaceId: workspace.id,
      broadcastId: b.id,
      filter: { status: "suppressed" },
    });
    const [header, ...rows] = (await new Response(stream).text()).trim().split("\r\n");
    const column = header!.split(",").indexOf("suppressed_by");
    expect(column).toBeGreaterThan(0);
    expect(rows.map((line) => line.split(",")[column]).sort()).toEqual(["complaint", "hard_bounce", "soft_bounces"]);
    const res = await call(recipientsRoute, "GET", `/api/v1/broadcasts/${b.id}/recipients?status=suppressed`, {
      key: workspace.readKey,
      params: { id: b.id },
    });
    expect(res.status).toBe(200);
    const parsed = ZBroadcastRecipientPage.parse(res.body);
    expect(parsed.data.map((r) => r.suppressedBy).sort()).toEqual(["complaint", "hard_bounce", "soft_bounces"]);
  });

  it("counts the figure by rule, and the report page carries it", async () => {
    const counts = { total: 3, hard_bounce: 1, soft_bounces: 1, complaint: 1 };
    expect(await countSuppressedRecipients({ workspaceId: workspace.id, broadcastId: b.id })).toEqual(counts);
    expect((await loadBroadcastPage(workspace.id, b.id)).suppressed).toEqual(counts);
    const other = await makeWorkspace();
    expect(await countSuppressedRecipients({ workspaceId: other.id, broadcastId: b.id })).toMatchObject({ total: 0 });
  });
});
