import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ZUuid } from "@/lib/schemas/common";
import { parseActionInput } from "./dashboard-action";

const schema = z.object({ name: z.string(), tagIds: z.array(ZUuid).optional() });

describe("parseActionInput", () => {
  it("refuses text PostgreSQL cannot store with the field's pointer, before the schema", () => {
    expect(parseActionInput(schema, { name: "a\u0000b" })).toEqual({
      ok: false,
      fieldErrors: [{ pointer: "#/name", detail: expect.stringMatching(/NUL/) }],
    });
    expect(parseActionInput(schema, { name: 1, tagIds: ["\ud800"] })).toEqual({
      ok: false,
      fieldErrors: [{ pointer: "#/tagIds/0", detail: expect.stringMatching(/unpaired/) }],
    });
  });

  it("parses with the schema otherwise (ids normalised to lowercase)", () => {
    const id = "0B8F7A5E-4C1D-4A6B-9C2E-5D3F1A7B9E01";
    expect(parseActionInput(schema, { name: "ok", tagIds: [id] })).toEqual({
      ok: true,
      data: { name: "ok", tagIds: [id.toLowerCase()] },
    });
    expect(parseActionInput(schema, { name: 1 })).toMatchObject({ ok: false, fieldErrors: [{ pointer: "#/name" }] });
  });
});
