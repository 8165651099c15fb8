// Every status move of a form through the API, legal and illegal from each status (forms-design: draft → published
// → draft, draft|published → archived → draft), what each move sets (publishedAt, archivedAt), PATCH of an archived
// form, and racing moves: each move is one conditional UPDATE, so of two racing publishes exactly one wins.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { makeWorkspace } from "../support/fixtures";
import { formAct, formById, newForm, type FormAction } from "../support/form-api";

type Ws = Awaited<ReturnType<typeof makeWorkspace>>;
type Status = "draft" | "published" | "archived";
type Move = Exclude<FormAction, "duplicate">;
let ws: Ws;

beforeAll(async () => {
  ws = await makeWorkspace();
});

/** A form in `status`, reached through the API's own moves. */
async function formIn(status: Status) {
  const form = await newForm(ws.writeKey, { name: `In ${status}` });
  if (status === "published") expect((await formAct("publish", ws.writeKey, form.id)).status).toBe(200);
  if (status === "archived") expect((await formAct("archive", ws.writeKey, form.id)).status).toBe(200);
  return form.id;
}

const ALLOWED: Record<Move, Partial<Record<Status, Status>>> = {
  publish: { draft: "published" },
  unpublish: { published: "draft" },
  archive: { draft: "archived", published: "archived" },
  unarchive: { archived: "draft" },
};
/** Archive and unarchive are idempotent, as a broadcast's are: the state already reached answers 200, unchanged. */
const DONE: Partial<Record<Move, Status[]>> = { archive: ["archived"], unarchive: ["draft", "published"] };
const cases = (Object.keys(ALLOWED) as Move[]).flatMap((move) =>
  (["draft", "published", "archived"] as const).map(
    (from) => [move, from, ALLOWED[move][from] ?? (DONE[move]?.includes(from) ? "done" : null)] as const,
  ),
);

describe.each(cases)("%s from %s", (move, from, to) => {
  if (to === "done") {
    it("is already done: 200 with the form as it was, nothing changed", async () => {
      const id = await formIn(from);
      const before = await db().form.findUniqueOrThrow({ where: { id } });
      const res = await formAct(move, ws.writeKey, id);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ id, status: from });
      expect(await db().form.findUniqueOrThrow({ where: { id } })).toEqual(before);
    });
  } else if (to) {
    it(`moves to ${to}`, async () => {
      const id = await formIn(from);
      const res = await formAct(move, ws.writeKey, id);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ id, status: to });
      expect((await formById("GET", ws.readKey, id)).body.data.status).toBe(to);
    });
  } else {
    it("is a 409 naming the status, and changes nothing", async () => {
      const id = await formIn(from);
      const before = await db().form.findUniqueOrThrow({ where: { id } });
      const res = await formAct(move, ws.writeKey, id);
      expect(res.status).toBe(409);
      expect(res.headers.get("content-type")).toBe("application/problem+json");
      expect(res.body).toMatchObject({ status: 409, title: "Conflict" });
      expect(res.body.detail).toContain(`\`${from}\``);
      expect(await db().form.findUniqueOrThrow({ where: { id } })).toEqual(before);
    });
  }
});

describe("what the moves set", () => {
  it("publish sets publishedAt, unpublish clears it, publishing again sets a new one", async () => {
    const id = await formIn("draft");
    const first = (await formAct("publish", ws.writeKey, id)).body.data;
    expect(first.publishedAt).toEqual(expect.any(String));
    const back = (await formAct("unpublish", ws.writeKey, id)).body.data;
    expect(back).toMatchObject({ status: "draft", publishedAt: null });
    const again = (await formAct("publish", ws.writeKey, id)).body.data;
    expect(Date.parse(again.publishedAt)).toBeGreaterThanOrEqual(Date.parse(first.publishedAt));
  });

  it("archive clears publishedAt and sets archivedAt; unarchive leaves a draft, not published", async () => {
    const id = await formIn("published");
    const archived = (await formAct("archive", ws.writeKey, id)).body.data;
    expect(archived).toMatchObject({ status: "archived", publishedAt: null, archivedAt: expect.any(String) });
    const restored = (await formAct("unarchive", ws.writeKey, id)).body.data;
    expect(restored).toMatchObject({ status: "draft", publishedAt: null, archivedAt: null });
  });

  it("says what to do: publish an archived form → unarchive it first", async () => {
    const id = await formIn("archived");
    const res = await formAct("publish", ws.writeKey, id);
    expect(res.body.detail).toBe("Cannot publish a form whose status is `archived`: unarchive it first.");
  });

  it("duplicates a form in any status as a draft, leaving the source's status", async () => {
    for (const from of ["draft", "published", "archived"] as const) {
      const id = await formIn(from);
      const res = await formAct("duplicate", ws.writeKey, id);
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({ status: "draft", name: `In ${from} (copy)`, publishedAt: null });
      expect((await formById("GET", ws.readKey, id)).body.data.status).toBe(from);
    }
  });
});

describe("editing", () => {
  it("edits drafts and published forms (a published one stays published)", async () => {
    for (const from of ["draft", "published"] as const) {
      const id = await formIn(from);
      const res = await formById("PATCH", ws.writeKey, id, { heading: "New" });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ status: from, heading: "New" });
    }
  });

  it("refuses to edit an archived form: 409 saying to unarchive it first, nothing stored", async () => {
    const id = await formIn("archived");
    const res = await formById("PATCH", ws.writeKey, id, { name: "Nope" });
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe("Cannot edit a form whose status is `archived`: unarchive it first.");
    expect((await formById("GET", ws.readKey, id)).body.data.name).toBe("In archived");
  });

  it("deletes a form in any status", async () => {
    for (const from of ["draft", "published", "archived"] as const) {
      const id = await formIn(from);
      expect((await formById("DELETE", ws.writeKey, id)).status).toBe(204);
      expect((await formById("GET", ws.readKey, id)).status).toBe(404);
    }
  });
});

describe("racing moves", () => {
  it("of eight concurrent publishes of one draft, exactly one succeeds and the others answer 409", async () => {
    const id = await formIn("draft");
    const answers = await Promise.all(Array.from({ length: 8 }, () => formAct("publish", ws.writeKey, id)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    const publishedAt = answers.find((a) => a.status === 200)!.body.data.publishedAt;
    expect((await formById("GET", ws.readKey, id)).body.data.publishedAt).toBe(publishedAt);
  });

  it("an archive racing an edit: the form ends archived, and the edit either landed before it or was refused", async () => {
    const id = await formIn("published");
    const [edit, archive] = await Promise.all([
      formById("PATCH", ws.writeKey, id, { name: "Raced" }),
      formAct("archive", ws.writeKey, id),
    ]);
    expect(archive.status).toBe(200);
    expect([200, 409]).toContain(edit.status);
    const now = (await formById("GET", ws.readKey, id)).body.data;
    expect(now.status).toBe("archived");
    expect(now.name).toBe(edit.status === 200 ? "Raced" : "In published");
  });
});
