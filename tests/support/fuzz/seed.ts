// Seeds a workspace through its own API (what a client would do), then finds the id pools generically: every list
// operation of the document is read and the ids of its items kept under its collection name, so records of
// resources added later (seeded here or created by the fuzz run's valid requests) are found the same way.
import type { Operation } from "./operations";
import { plainCase, send } from "./send";

type Seeded = { key: string; words: string[] };

export async function seedWorkspace(ops: Operation[], key: string, receiverUrl: string): Promise<Seeded> {
  const byName = new Map(ops.map((op) => [op.name, op]));
  const post = async (name: string, body?: unknown, params: Record<string, string> = {}) => {
    const op = byName.get(name);
    if (!op) throw new Error(`seeding needs ${name}, which the document no longer has`);
    const { answer } = await send(op, plainCase(params, body), key);
    if (answer.status >= 300) throw new Error(`seeding ${name} answered ${answer.status}: ${answer.text}`);
    return JSON.parse(answer.text) as { data?: { id: string }; id?: string };
  };
  const idOf = (r: { data?: { id: string }; id?: string }) => r.data?.id ?? r.id!;

  const tags = [];
  const segments: string[] = [];
  for (const body of [{ name: "Newsletter" }, { name: "VIP", color: "#ff0000" }, { name: "Ünïcødé 😀" }]) {
    tags.push(idOf(await post("POST /api/v1/tags", body)));
  }
  for (const body of [
    { key: "plan", label: "Plan", type: "text" },
    { key: "score", label: "Score", type: "number" },
    { key: "birthday", label: "Birthday", type: "date" },
    { key: "vip", label: "VIP", type: "boolean" },
    { key: "tier", label: "Tier", type: "select", options: ["free", "pro"] },
  ]) {
    await post("POST /api/v1/custom-fields", body);
  }
  const ada = { plan: "pro", score: 3, birthday: "1815-12-10", vip: true, tier: "pro" };
  for (const body of [
    {
      email: "ada@example.com",
      firstName: "Ada",
      lastName: "Lovelace",
      timezone: "Europe/London",
      fields: ada,
      tagIds: [tags[0], tags[1]],
    },
    { email: "grace@example.com", firstName: "Grace", status: "unsubscribed", tagIds: [tags[2]] },
    { email: "Alan@Example.com" },
    { email: "linus@example.org", status: "pending", fields: { plan: "free" } },
  ]) {
    await post("POST /api/v1/contacts", body);
  }
  for (const body of [
    {
      name: "Pro",
      rules: {
        match: "all",
        conditions: [
          { type: "field", field: "fields.plan", operator: "equals", value: "pro" },
          { type: "tag", operator: "has", tagId: tags[0] },
        ],
      },
    },
    {
      name: "Recent",
      description: "Joined this week or opened lately",
      rules: {
        match: "any",
        conditions: [
          { type: "field", field: "createdAt", operator: "within_last_days", value: 7 },
          { type: "group", match: "all", conditions: [{ type: "activity", action: "opened", withinDays: 30 }] },
        ],
      },
    },
  ]) {
    segments.push(idOf(await post("POST /api/v1/segments", body)));
  }
  // Forms whose definitions make every kind of reference (custom-field keys and select options, a checkbox's tag,
  // the form's tags and segment), one of them live, and a landing page with its installation-wide slug.
  const forms = [];
  for (const body of [
    {
      name: "Footer sign-up",
      fields: [
        { type: "email" },
        { type: "first_name" },
        { type: "custom", name: "plan", label: "Plan", required: true },
        { type: "custom", name: "tier", label: "Tier", options: ["pro"] },
        { type: "checkbox", name: "weekly", label: "Weekly digest", tagId: tags[1] },
        { type: "hidden", name: "campaign", param: "utm_campaign", customField: "plan" },
      ],
      tagIds: [tags[0]],
      segmentId: segments[0],
    },
    { name: "Spring page", type: "landing_page", landingPageMeta: { title: "Spring" }, doubleOptIn: false },
  ]) {
    forms.push(idOf(await post("POST /api/v1/forms", body)));
  }
  await post("POST /api/v1/forms/{id}/publish", undefined, { id: forms[0]! });
  // Automations: a draft naming the records above, and an active one (no email step, so it needs no sender or
  // postal address) with a contact inside, so enrolments have a pool too.
  await post("POST /api/v1/automations", {
    name: "Welcome draft",
    template: "welcome_series",
    trigger: { type: "subscribed", formId: forms[0] },
  });
  const live = idOf(
    await post("POST /api/v1/automations", {
      name: "Tag on demand",
      trigger: { type: "api" },
      reentry: { mode: "always" },
      startStepId: "tag",
      steps: [
        { id: "tag", type: "action", action: { type: "add_tag", tagId: tags[1] }, next: "wait" },
        { id: "wait", type: "delay", delay: { mode: "duration", amount: 3, unit: "days" }, next: "end" },
        { id: "end", type: "exit" },
      ],
    }),
  );
  await post("POST /api/v1/automations/{id}/activate", undefined, { id: live });
  await post("POST /api/v1/automations/{id}/enrolments", { email: "ada@example.com" }, { id: live });
  // Webhooks last: events written before a webhook exists owe it nothing, so no task waits for a dispatcher.
  const hook = idOf(
    await post("POST /api/v1/webhooks", { url: receiverUrl, events: ["contact.created", "contact.updated"] }),
  );
  await post("POST /api/v1/webhooks", { url: `${receiverUrl}/off`, events: ["contact.deleted"], isActive: false });
  await post("POST /api/v1/webhooks/{id}/test", undefined, { id: hook });
  return {
    key,
    words: [
      "plan",
      "score",
      "birthday",
      "vip",
      "tier",
      "pro",
      "Newsletter",
      "ada@example.com",
      "ALAN@example.com",
      receiverUrl,
    ],
  };
}

export type Discovered = { ids: Record<string, string[]>; parentOf: Record<string, string> };

/**
 * Ids of every list operation's items by collection, parents first (deliveries are listed per webhook), and for a
 * nested item the id of the parent it was listed under, so a path can name a delivery with its own webhook.
 */
export async function discoverPools(ops: Operation[], key: string): Promise<Discovered> {
  const pools: Record<string, string[]> = {};
  const parentOf: Record<string, string> = {};
  const lists = ops
    .filter((op) => op.method === "GET" && !op.template.endsWith("}"))
    .sort((a, b) => a.pathParams.length - b.pathParams.length);
  for (const op of lists) {
    const collection = op.template.split("/").at(-1)!;
    for (const params of parentCombos(op, pools)) {
      const { answer } = await send(op, { ...plainCase(params), query: "" }, key);
      if (answer.status !== 200 || !answer.contentType.includes("json")) continue;
      const ids = itemIds(JSON.parse(answer.text));
      pools[collection] = [...new Set([...(pools[collection] ?? []), ...ids])];
      const parent = op.pathParams.at(-1);
      if (parent) for (const id of ids) parentOf[id] = params[parent]!;
    }
  }
  return { ids: pools, parentOf };
}

function parentCombos(op: Operation, pools: Record<string, string[]>): Record<string, string>[] {
  let combos: Record<string, string>[] = [{}];
  for (const param of op.pathParams) {
    const segments = op.template.split("/");
    const parent = segments[segments.indexOf(`{${param}}`) - 1]!;
    const ids = (pools[parent] ?? []).slice(0, 8);
    combos = combos.flatMap((c) => ids.map((id) => ({ ...c, [param]: id })));
  }
  return combos;
}

/** `{ data: [...] }` or, for the nested envelopes, `{ data: { data: [...] } }`. */
function itemIds(body: unknown): string[] {
  for (let v = body, depth = 0; depth < 3 && typeof v === "object" && v !== null; depth++) {
    const data = (v as { data?: unknown }).data;
    if (Array.isArray(data))
      return data.map((item: { id?: unknown }) => item?.id).filter((id): id is string => typeof id === "string");
    v = data;
  }
  return [];
}

/** The pools after more records exist: every id found before or now. */
export function mergeDiscovered(before: Discovered, now: Discovered): Discovered {
  const collections = Object.keys({ ...before.ids, ...now.ids });
  return {
    ids: Object.fromEntries(
      collections.map((c) => [c, [...new Set([...(before.ids[c] ?? []), ...(now.ids[c] ?? [])])]]),
    ),
    parentOf: { ...before.parentOf, ...now.parentOf },
  };
}

/** Ids for a property or parameter name: `tagIds` → the tags pool, `segmentId` → segments, any id otherwise. */
export function idsNamed(pool: Record<string, string[]>, name: string | undefined): string[] {
  const base = name?.replace(/Ids?$/, "");
  const named = base
    ? (pool[`${base}s`] ?? pool[`${base.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}s`])
    : undefined;
  const all = Object.values(pool).flat();
  return named?.length ? named : all.length ? all : ["6b1d1c52-2f7e-4b7a-9f0e-3c4d5e6f7a8b"];
}
