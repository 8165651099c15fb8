// Double opt-in end to end: the owed confirmation goes out through the transport (the outbox here), its signed link
// shows a page that changes nothing, the page's button subscribes the contact once; forged, expired and repeated
// links; transient transport failures are retried later, permanent ones stop.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { sendDueConfirmations } from "@/server/forms/confirmation-sender";
import { confirmSubscription, readConfirmation } from "@/server/services/public-forms/confirm-subscription";
import { setTransportForTests } from "@/server/email/transports";
import { PermanentSendError, TransientSendError, type Transport } from "@/server/email/transport";
import { makeWorkspace } from "../support/fixtures";
import { deleteContact } from "@/server/services/contacts/delete-contact";
import { makePublishedForm, submit } from "../support/public-forms";
import { listFormSubmissions } from "@/server/services/forms/list-form-submissions";
import { GET as acceptGet, POST as accept } from "@/app/(public)/confirm/[token]/accept/route";

let workspaceId: string;
beforeAll(async () => {
  workspaceId = (await makeWorkspace("Ada's Letters")).id;
  await db().workspace.update({
    where: { id: workspaceId },
    data: { postalAddress: "1 Main St, Springfield", defaultFromEmail: "news@ada.example", defaultFromName: "Ada" },
  });
});
afterEach(() => setTransportForTests(null));

const email = () => `reader-${crypto.randomUUID().slice(0, 8)}@example.com`;

async function signUp(formId: string) {
  const address = email();
  expect((await submit(formId, { email: address })).status).toBe(200);
  const contact = await db().contact.findFirstOrThrow({ where: { workspaceId, emailKey: address } });
  return { address, contact };
}

const tokenIn = (html: string) => /\/confirm\/([0-9a-f]{32}\.[A-Za-z0-9_-]{22})"/.exec(html)?.[1];

describe("double opt-in", () => {
  it("mails a signed link; the page asks; the button subscribes once", async () => {
    const form = await makePublishedForm(workspaceId);
    const { address, contact } = await signUp(form.id);
    expect(await sendDueConfirmations({ workspaceId })).toBe(1);
    expect(await sendDueConfirmations({ workspaceId })).toBe(0);

    const message = await db().outboxMessage.findFirstOrThrow({ where: { workspaceId, toAddress: address } });
    expect(message).toMatchObject({ kind: "transactional", fromAddress: '"Ada" <news@ada.example>' });
    expect(message.subject).toBe("Confirm your subscription to Ada's Letters");
    expect(message.html).toContain("1 Main St, Springfield");
    const token = tokenIn(message.html)!;
    expect(token).toBeDefined();
    expect(message.text).toContain(`http://sendwell.test/confirm/${token}`);

    // Reading the link (GET, what scanners do) changes nothing.
    const view = await readConfirmation(token);
    expect(view).toMatchObject({ state: "ready", workspaceName: "Ada's Letters" });
    expect(view.email).not.toBe(address);
    const prefetch = await acceptGet(new Request(`http://sendwell.test/confirm/${token}/accept`), {
      params: Promise.resolve({ token }),
    });
    expect(prefetch.status).toBe(303);
    expect((await db().contact.findUniqueOrThrow({ where: { id: contact.id } })).status).toBe("pending");

    const res = await accept(new Request(`http://sendwell.test/confirm/${token}/accept`, { method: "POST" }), {
      params: Promise.resolve({ token }),
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/confirm/${token}`);
    const confirmed = await db().contact.findUniqueOrThrow({ where: { id: contact.id } });
    expect(confirmed.status).toBe("subscribed");
    expect(confirmed.subscribedAt).not.toBeNull();
    expect(await confirmSubscription(token)).toEqual({ state: "confirmed", redirectUrl: null });
    expect((await readConfirmation(token)).state).toBe("confirmed");
    const subscribed = await db().contactActivity.findMany({ where: { contactId: contact.id, type: "subscribed" } });
    expect(subscribed).toHaveLength(1);
    expect(subscribed[0]!.data).toMatchObject({ via: "double_opt_in", formId: form.id });

    // The form's submissions show the contact as they are now; the status at submission stays as it was.
    const page = await listFormSubmissions({ workspaceId, formId: form.id, query: { page: 1, limit: 10 } });
    expect(page.data.map((s) => [s.audienceStatus, s.contactStatus])).toEqual([["pending", "subscribed"]]);
  });

  it("sends the form's own subject and message with the contact's values, and its button leads to the form's page", async () => {
    const form = await makePublishedForm(workspaceId, {
      fields: [
        { type: "email", name: "email", label: "Email", required: true },
        { type: "first_name", name: "firstName", label: "First name", required: false },
      ],
      confirmationSubject: "{{firstName|Hello}}, one click to join the letters",
      confirmationText: "Dear {{firstName|reader}},\n\nPress the button & you are in.",
      confirmationRedirectUrl: "https://ada.example/welcome?from=confirm",
    });
    const address = email();
    expect((await submit(form.id, { email: address, firstName: "Ada <3" })).status).toBe(200);
    await sendDueConfirmations({ workspaceId });
    const message = await db().outboxMessage.findFirstOrThrow({ where: { workspaceId, toAddress: address } });
    expect(message.subject).toBe("Ada <3, one click to join the letters");
    expect(message.html).toContain("Dear Ada &lt;3,");
    expect(message.html).toContain("Press the button &amp; you are in.");
    expect(message.text).toContain("Dear Ada <3,");
    const token = tokenIn(message.html)!;

    const res = await accept(new Request(`http://sendwell.test/confirm/${token}/accept`, { method: "POST" }), {
      params: Promise.resolve({ token }),
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("https://ada.example/welcome?from=confirm");
    expect((await db().contact.findFirstOrThrow({ where: { workspaceId, emailKey: address } })).status).toBe(
      "subscribed",
    );
    // A link that is not valid never goes there: it shows its page.
    const forged = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    const refused = await accept(new Request(`http://sendwell.test/confirm/${forged}/accept`, { method: "POST" }), {
      params: Promise.resolve({ token: forged }),
    });
    expect(refused.headers.get("location")).toBe(`/confirm/${forged}`);
  });

  it("refuses forged and expired links", async () => {
    const form = await makePublishedForm(workspaceId);
    const { contact } = await signUp(form.id);
    await sendDueConfirmations({ workspaceId });
    const row = await db().formConfirmation.findFirstOrThrow({ where: { contactId: contact.id } });
    const message = await db().outboxMessage.findFirstOrThrow({ where: { workspaceId, toAddress: contact.email } });
    const token = tokenIn(message.html)!;
    const forged = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    expect((await confirmSubscription(forged)).state).toBe("invalid");
    expect((await readConfirmation("garbage")).state).toBe("invalid");
    await db().formConfirmation.update({ where: { id: row.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await readConfirmation(token)).state).toBe("expired");
    expect(await confirmSubscription(token)).toEqual({ state: "expired", redirectUrl: null });
    expect((await db().contact.findUniqueOrThrow({ where: { id: contact.id } })).status).toBe("pending");
  });

  it("skips a contact that got subscribed meanwhile, retries transient failures later and stops on permanent ones", async () => {
    const form = await makePublishedForm(workspaceId);
    const already = await signUp(form.id);
    await db().contact.update({ where: { id: already.contact.id }, data: { status: "subscribed" } });
    await sendDueConfirmations({ workspaceId });
    const skipped = await db().formConfirmation.findFirstOrThrow({ where: { contactId: already.contact.id } });
    expect(skipped.sentAt).toBeNull();
    expect(skipped.lastError).toMatch(/skipped: contact is subscribed/);

    const flaky = await signUp(form.id);
    const failing = (error: Error): Transport => ({
      name: "outbox",
      sendBatch: async () => {
        throw error;
      },
    });
    setTransportForTests(failing(new TransientSendError("421 try later")));
    await sendDueConfirmations({ workspaceId });
    const retried = await db().formConfirmation.findFirstOrThrow({ where: { contactId: flaky.contact.id } });
    expect(retried).toMatchObject({ sentAt: null, failedAt: null, attempts: 1, lastError: "421 try later" });
    expect(retried.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);

    await db().formConfirmation.update({ where: { id: retried.id }, data: { nextAttemptAt: new Date() } });
    setTransportForTests(failing(new PermanentSendError("550 no such user")));
    await sendDueConfirmations({ workspaceId });
    const failed = await db().formConfirmation.findUniqueOrThrow({ where: { id: retried.id } });
    expect(failed.failedAt).not.toBeNull();
    expect(failed.lastError).toBe("550 no such user");
  });

  it("erasing the contact takes its submissions, confirmations, confirmation emails and address in events with it", async () => {
    const form = await makePublishedForm(workspaceId);
    const { address, contact } = await signUp(form.id);
    await sendDueConfirmations({ workspaceId });
    expect(await db().outboxMessage.count({ where: { workspaceId, toAddress: address } })).toBe(1);
    await deleteContact({ workspaceId, contactId: contact.id });
    expect(await db().formSubmission.count({ where: { contactId: contact.id } })).toBe(0);
    expect(await db().formConfirmation.count({ where: { contactId: contact.id } })).toBe(0);
    expect(await db().outboxMessage.count({ where: { workspaceId, toAddress: address } })).toBe(0);
    const events = await db().event.findMany({ where: { workspaceId } });
    const mine = events.filter((e) => JSON.stringify(e.payload).includes(contact.id));
    expect(mine.map((e) => e.type)).toEqual(
      expect.arrayContaining(["contact.created", "form.submitted", "contact.deleted"]),
    );
    expect(JSON.stringify(mine.map((e) => e.payload))).not.toContain(address);
  });
});
