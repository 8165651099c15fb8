// Builders for integration tests: real rows through the real services, and requests through the real route handlers.
import { randomUUID } from "node:crypto";
import { createWorkspace } from "@/server/services/workspaces/create-workspace";
import { createApiKey } from "@/server/services/api-keys/create-api-key";

export async function makeWorkspace(name = `Test ${randomUUID().slice(0, 8)}`) {
  const workspace = await createWorkspace({ name });
  const write = await createApiKey({ workspaceId: workspace.id, input: { name: "write", scope: "write" } });
  const read = await createApiKey({ workspaceId: workspace.id, input: { name: "read", scope: "read" } });
  return {
    ...workspace,
    writeKey: write.plaintext,
    readKey: read.plaintext,
    writeKeyId: write.key.id,
    readKeyId: read.key.id,
  };
}

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response> | Response;

export type CallOptions = {
  key?: string | null;
  body?: unknown;
  rawBody?: string;
  params?: Record<string, string>;
  headers?: Record<string, string>;
};

/** Calls a route handler the way Next.js does, with a real Request. */
export async function call(handler: Handler, method: string, path: string, opts: CallOptions = {}) {
  const headers = new Headers(opts.headers);
  if (opts.key) headers.set("X-API-Key", opts.key);
  let body: string | undefined = opts.rawBody;
  if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers.set("Content-Type", "application/json");
  }
  const req = new Request(`http://sendwell.test${path}`, { method, headers, body });
  const res = await handler(req, { params: Promise.resolve(opts.params ?? {}) });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}
