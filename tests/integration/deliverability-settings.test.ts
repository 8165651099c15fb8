// Settings → Deliverability through its server action: admins set the soft-bounce rule within its bounds (with a
// message per field otherwise), members are refused, and the next soft bounce follows the new numbers.
import { describe, expect, it, vi } from "vitest";
import { updateDeliverabilityRulesAction } from "@/app/(dashboard)/settings/deliverability/actions";
import { getDeliverabilityRules } from "@/server/services/deliverability/get-deliverability-rules";
import { applyDeliveryEvent } from "@/server/deliverability/apply-delivery-event";
import { WORKSPACE_COOKIE } from "@/server/services/workspaces/current-workspace";
import { sql } from "@/server/db/pool";
import { sessionCookie } from "../support/session-cookie";
import { makeSentBroadcast } from "../support/broadcast-rows";
import { makeTeam } from "./team-fixtures";

const request = vi.hoisted(() => ({ cookies: new Map<string, string>() }));
vi.mock("@/server/auth/request-cookies", () => ({ requestCookies: async () => request.cookies }));

async function signInAs(userId: string, workspaceId: string) {
  const [name, value] = (await sessionCookie(userId)).cookie.split(/=(.*)/s) as [string, string];
  request.cookies = new Map([
    [name, value],
    [WORKSPACE_COOKIE, workspaceId],
  ]);
}

describe("updateDeliverabilityRulesAction", () => {
  it("starts from the documented defaults and saves new numbers for an admin", async () => {
    const { workspace, others } = await makeTeam(["admin"]);
    expect(await getDeliverabilityRules({ workspaceId: workspace.id })).toEqual({
      softBounceLimit: 3,
      softBounceWindowDays: 15,
    });
    await signInAs(others[0]!.id, workspace.id);
    const saved = await updateDeliverabilityRulesAction({ softBounceLimit: 1, softBounceWindowDays: 90 });
    expect(saved).toEqual({ ok: true, data: { softBounceLimit: 1, softBounceWindowDays: 90 } });
    // The next soft bounce follows them: one is enough now.
    const r = (await makeSentBroadcast({ workspaceId: workspace.id, count: 1 })).recipients[0]!;
    const applied = await applyDeliveryEvent({
      source: "mailbox",
      key: null,
      kind: "bounced",
      bounceType: "soft",
      detail: null,
      match: { recipientId: r.id },
    });
    expect(applied).toBe("applied");
    const [contact] = await sql<{ status: string }>(`SELECT status FROM "Contact" WHERE id = $1`, [r.contactId]);
    expect(contact!.status).toBe("bounced");
  });

  it("says what is wrong with each number out of bounds", async () => {
    const { workspace, owner } = await makeTeam();
    await signInAs(owner.id, workspace.id);
    const cases: [unknown, unknown, string, string][] = [
      [0, 15, "softBounceLimit", "The number of soft bounces must be at least 1."],
      [21, 15, "softBounceLimit", "The number of soft bounces must be at most 20."],
      [2.5, 15, "softBounceLimit", "The number of soft bounces must be a whole number from 1 to 20."],
      [null, 15, "softBounceLimit", "The number of soft bounces must be a whole number from 1 to 20."],
      [3, 0, "softBounceWindowDays", "The number of days must be at least 1."],
      [3, 91, "softBounceWindowDays", "The number of days must be at most 90."],
    ];
    for (const [softBounceLimit, softBounceWindowDays, field, detail] of cases) {
      const result = await updateDeliverabilityRulesAction({ softBounceLimit, softBounceWindowDays } as never);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.fieldErrors).toEqual([{ pointer: `#/${field}`, detail }]);
    }
    expect(await getDeliverabilityRules({ workspaceId: workspace.id })).toEqual({
      softBounceLimit: 3,
      softBounceWindowDays: 15,
    });
  });

  it("refuses members, who may only read the rules", async () => {
    const { workspace, others } = await makeTeam(["member"]);
    await signInAs(others[0]!.id, workspace.id);
    const result = await updateDeliverabilityRulesAction({ softBounceLimit: 5, softBounceWindowDays: 30 });
    expect(result).toMatchObject({ ok: false, code: "FORBIDDEN" });
  });
});
