// The embed's view reports are limited per client address like submissions: past FORM_VIEW_RATE_LIMIT_PER_IP in a
// minute a 429 problem with Retry-After (readable cross-origin), nothing counted; other addresses are not affected.
import { randomUUID } from "node:crypto";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { POST as postView } from "@/app/api/forms/[id]/views/route";
import { formCounts } from "@/server/services/forms/form-record";
import { CLIENT_ADDRESS_HEADER } from "@/server/auth/client-address";
import { makeWorkspace } from "../support/fixtures";
import { makePublishedForm } from "../support/public-forms";

let workspaceId: string;
beforeAll(async () => {
  workspaceId = (await makeWorkspace()).id;
});
afterEach(() => {
  delete process.env.FORM_VIEW_RATE_LIMIT_PER_IP;
});

// A random documentation /64 per test (IPv6 counts by its /64), so runs against a kept database never share a window.
const randomAddress = () => `2001:db8:${randomUUID().slice(0, 4)}:${randomUUID().slice(0, 4)}::1`;

/** A view report as the embed sends it, from `address` as the front server resolved it (public-forms support marks it). */
const view = (formId: string, address: string) =>
  postView(
    new Request(`http://sendwell.test/api/forms/${formId}/views`, {
      method: "POST",
      headers: { "content-type": "application/json", [CLIENT_ADDRESS_HEADER]: address },
      body: JSON.stringify({ viewId: randomUUID() }),
    }),
    { params: Promise.resolve({ id: formId }) },
  );

describe("view reports per client address", () => {
  it("answers 429 with Retry-After past the limit, counts nothing more, and leaves other addresses alone", async () => {
    process.env.FORM_VIEW_RATE_LIMIT_PER_IP = "3";
    const form = await makePublishedForm(workspaceId);
    const address = randomAddress();
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await view(form.id, address)).status);
    const limited = await view(form.id, address);
    expect([...statuses, limited.status]).toEqual([204, 204, 204, 429]);
    expect(limited.headers.get("content-type")).toBe("application/problem+json");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(limited.headers.get("access-control-allow-origin")).toBe("*");
    expect(limited.headers.get("access-control-expose-headers")).toContain("Retry-After");
    expect(await limited.json()).toMatchObject({ status: 429, detail: expect.stringMatching(/too many form views/i) });

    expect((await view(form.id, randomAddress())).status).toBe(204);
    expect(await formCounts(form.id)).toMatchObject({ viewsCount: 4 });
  });

  it("lets a real visitor's pace through by default (60 a minute)", async () => {
    const form = await makePublishedForm(workspaceId);
    const address = randomAddress();
    const statuses = new Set<number>();
    for (let i = 0; i < 60; i++) statuses.add((await view(form.id, address)).status);
    expect([...statuses]).toEqual([204]);
    expect((await view(form.id, address)).status).toBe(429);
  });
});
