import { describe, expect, it } from "vitest";
import { openApiDocument } from "./document";

type Schema = { properties?: Record<string, unknown> };

describe("nullable references in the document", () => {
  it("are anyOf the component and null, so a null the API answers matches its schema", () => {
    const schemas = openApiDocument().components!.schemas as Record<string, Schema>;
    expect(schemas.Automation!.properties!.entryFilter).toEqual({
      anyOf: [{ $ref: "#/components/schemas/SegmentRules" }, { type: "null" }],
    });
    expect(JSON.stringify(openApiDocument())).not.toMatch(/"allOf":\[\{"\$ref":"[^"]+"\},\{"type":\[/);
  });
});
