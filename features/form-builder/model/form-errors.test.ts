import { describe, expect, it } from "vitest";
import { errorUnder, pointerMap } from "./form-errors";

describe("pointerMap", () => {
  it("keys the action's and the service's pointers alike, first message per key", () => {
    expect(
      pointerMap([
        { pointer: "#/input/fields/2/name", detail: "Field names must be unique." },
        { pointer: "#/fields/2/name", detail: "second" },
        { pointer: "#/landingPageMeta/slug", detail: "taken" },
        { pointer: "#/input", detail: "Send at least one field to change." },
        { pointer: "#/inputColor", detail: "not the input prefix" },
      ]),
    ).toEqual({
      "fields/2/name": "Field names must be unique.",
      "landingPageMeta/slug": "taken",
      _: "Send at least one field to change.",
      inputColor: "not the input prefix",
    });
  });
});

describe("errorUnder", () => {
  it("finds an error at a key or below it, not at a key that merely starts the same", () => {
    const errors = { "styles/buttonColor": "bad", fieldsX: "other" };
    expect(errorUnder(errors, "styles")).toBe("bad");
    expect(errorUnder(errors, "fields")).toBeUndefined();
  });
});
