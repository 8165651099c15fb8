// One render token, one accepted submission: a replayed request (the same token again, whatever its values) is a 409
// that stores nothing, also when both arrive at once; a refused submission leaves the token usable for the
// corrected retry; a plain HTML post's replay goes back to the landing page with a code, never with text; spent
// tokens are pruned once they could no longer be accepted anyway.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { sql } from "@/server/db/pool";
import { renderToken } from "@/server/services/public-forms/render-token";
import { pruneFormRecords, TOKEN_USE_RETENTION_SECONDS } from "@/server/forms/prune-form-records";
import { makeWorkspace } from "../support/fixtures";
import { makePublishedForm, submit } from "../support/public-forms";

let workspaceId: string;
beforeAll(async () => {
  workspaceId = (await makeWorkspace()).id;
});

const email = () => `replay-${crypto.randomUUID().slice(0, 8)}@example.com`;
const oldToken = (formId: string) => renderToken(formId, Date.now() - 10_000);
const submissionsOf = (formId: string) => db().formSubmission.count({ where: { formId } });

describe("a render token", () => {
  it("is spent by the accepted submission: the same request again is a 409 that stores nothing", async () => {
    const form = await makePublishedForm(workspaceId);
    const token = oldToken(form.id);
    const address = email();
    expect((await submit(form.id, { email: address }, { token })).status).toBe(200);

    for (const values of [{ email: address }, { email: email() }]) {
      const replay = await submit(form.id, values, { token });
      expect(replay.status).toBe(409);
      const body = await replay.json();
      expect(body.detail).toBe("This form was already submitted. Reload the page to submit again.");
      expect(replay.headers.get("access-control-allow-origin")).toBe("*");
    }
    expect(await submissionsOf(form.id)).toBe(1);
    expect(await db().contact.count({ where: { workspaceId, source: `form:${form.id}` } })).toBe(1);
    // A fresh token (a reload) signs up again.
    expect((await submit(form.id, { email: address })).status).toBe(200);
    expect(await submissionsOf(form.id)).toBe(2);
  });

  it("of a known address is spent too, and its replay rolls back the contact's update", async () => {
    const form = await makePublishedForm(workspaceId, {
      fields: [
        { type: "email", name: "email", label: "Email", required: true },
        { type: "first_name", name: "firstName", label: "First name", required: false },
      ],
    });
    const address = email();
    await db().contact.create({
      data: { workspaceId, email: address, emailKey: address, status: "subscribed", source: "api" },
    });
    const token = oldToken(form.id);
    expect((await submit(form.id, { email: address }, { token })).status).toBe(200);
    const replay = await submit(form.id, { email: address, firstName: "Mallory" }, { token });
    expect(replay.status).toBe(409);
    expect((await db().contact.findFirstOrThrow({ where: { workspaceId, emailKey: address } })).firstName).toBeNull();
    expect(await submissionsOf(form.id)).toBe(1);
  });

  it("sent twice at once is accepted once", async () => {
    const form = await makePublishedForm(workspaceId);
    const token = oldToken(form.id);
    const answers = await Promise.all([
      submit(form.id, { email: email() }, { token }),
      submit(form.id, { email: email() }, { token }),
      submit(form.id, { email: email() }, { token }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(await submissionsOf(form.id)).toBe(1);
  });

  it("survives a refusal: the corrected retry with the same token is accepted", async () => {
    const form = await makePublishedForm(workspaceId, {
      fields: [
        { type: "email", name: "email", label: "Email", required: true },
        { type: "consent", name: "consent", label: "I agree", required: true },
      ],
    });
    const token = oldToken(form.id);
    const address = email();
    const refused = await submit(form.id, { email: "not-an-email" }, { token });
    expect(refused.status).toBe(422);
    expect((await submit(form.id, { email: address }, { token })).status).toBe(422); // consent still missing
    expect((await submit(form.id, { email: address, consent: true }, { token })).status).toBe(200);
    expect(await submissionsOf(form.id)).toBe(1);
  });

  it("replayed as a plain HTML post goes back to the landing page with a code the page knows", async () => {
    const form = await makePublishedForm(workspaceId, { type: "landing_page", name: "Replay page" });
    const slug = (await db().form.findUniqueOrThrow({ where: { id: form.id }, select: { slug: true } })).slug!;
    const token = oldToken(form.id);
    expect((await submit(form.id, { email: email() }, { token, form: true })).status).toBe(303);
    const replay = await submit(form.id, { email: email() }, { token, form: true });
    expect(replay.status).toBe(303);
    expect(replay.headers.get("location")).toBe(`http://sendwell.test/f/${slug}?error=used`);
  });
});

describe("pruning", () => {
  it("forgets spent tokens once they would be expired anyway, and keeps the others", async () => {
    const stale = `stale-${crypto.randomUUID().slice(0, 10)}`;
    const recent = `recent-${crypto.randomUUID().slice(0, 9)}`;
    await sql(
      `INSERT INTO "FormTokenUse" (nonce, "createdAt") VALUES
         ($1, now() - make_interval(secs => $3 + 60)), ($2, now() - interval '23 hours')`,
      [stale, recent, TOKEN_USE_RETENTION_SECONDS],
    );
    const pruned = await pruneFormRecords();
    expect(pruned.tokenUses).toBeGreaterThanOrEqual(1);
    const left = await sql<{ nonce: string }>(`SELECT nonce FROM "FormTokenUse" WHERE nonce = ANY($1)`, [
      [stale, recent],
    ]);
    expect(left.map((r) => r.nonce)).toEqual([recent]);
  });
});
