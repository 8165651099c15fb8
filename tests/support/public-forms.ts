// Calling the public form endpoints in-process, the way a browser (the embed script) or a plain HTML form does.
import { createForm } from "@/server/services/forms/create-form";
import { publishForm } from "@/server/services/forms/publish-form";
import { renderToken } from "@/server/services/public-forms/render-token";
import { CLIENT_ADDRESS_HEADER, markFrontServer } from "@/server/auth/client-address";
import type { CreateForm } from "@/lib/schemas/forms";
import { GET as getConfig } from "@/app/api/forms/[id]/route";
import { POST as postView } from "@/app/api/forms/[id]/views/route";
import { POST as postSubmission } from "@/app/api/forms/[id]/submissions/route";

const BASE = "http://sendwell.test/api/forms";
export const BROWSER =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148";

const ctx = (id: string) => ({ params: Promise.resolve({ id }) });

export async function makePublishedForm(workspaceId: string, input: Partial<CreateForm> = {}) {
  const form = await createForm({ workspaceId, input: { name: "Newsletter", ...input } as CreateForm });
  return publishForm({ workspaceId, formId: form.id });
}

export const fetchConfig = (id: string) => getConfig(new Request(`${BASE}/${id}`), ctx(id));

export const reportView = (id: string, viewId: unknown) =>
  postView(new Request(`${BASE}/${id}/views`, { method: "POST", body: JSON.stringify({ viewId }) }), ctx(id));

// These calls stand where the front server calls the route modules (edge/server.ts): it marks the process and
// writes the client address it resolved into CLIENT_ADDRESS_HEADER.
markFrontServer();

// From a random start: the per-address limit is shared through the database by every test file (and by earlier runs
// against a kept TEST_DATABASE_URL), so files starting at the same address would add up.
let address = Math.floor(Math.random() * 250);
/** A distinct client address per call unless one is given (so the per-address limit stays out of the way). */
const nextAddress = () => `198.51.100.${(address++ % 250) + 1}`;

/** A submission with a render token old enough to pass the fill-time check, from a phone browser. */
export function submit(
  id: string,
  values: Record<string, unknown>,
  opts: { ip?: string; token?: string | null; form?: boolean } = {},
) {
  const token = opts.token === undefined ? renderToken(id, Date.now() - 10_000) : opts.token;
  const body = { ...values, ...(token === null ? {} : { _t: token }) };
  const headers: Record<string, string> = {
    "user-agent": BROWSER,
    [CLIENT_ADDRESS_HEADER]: opts.ip ?? nextAddress(),
    "content-type": opts.form ? "application/x-www-form-urlencoded" : "application/json",
  };
  const encoded = opts.form
    ? new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString()
    : JSON.stringify(body);
  return postSubmission(new Request(`${BASE}/${id}/submissions`, { method: "POST", headers, body: encoded }), ctx(id));
}
