import { describe, expect, it } from "vitest";
import { ActionError } from "@/lib/action-result";
import { formErrorsOf, formLevelMessage } from "./form-errors";

describe("formErrorsOf", () => {
  it("reads a mutation's ActionError: its summary and its field errors by pointer", () => {
    const errors = formErrorsOf(
      new ActionError("A tag named “News” already exists.", { name: "Choose another name." }),
    );
    expect(errors.message).toBe("A tag named “News” already exists.");
    expect(errors.fields).toEqual({ name: "Choose another name." });
    // The summary leads the field's own message when it says more.
    expect(errors.field("name")).toBe("A tag named “News” already exists. Choose another name.");
    expect(errors.field("color")).toBeUndefined();
  });

  it("drops the generic validation summary beside a field's message", () => {
    const errors = formErrorsOf(new ActionError("Check the highlighted fields.", { email: "Enter a valid email." }));
    expect(errors.field("email")).toBe("Enter a valid email.");
  });

  it("reads an action's failed result with problem pointers", () => {
    const errors = formErrorsOf({
      ok: false,
      error: "Check the highlighted fields.",
      fieldErrors: [
        { pointer: "#/email", detail: "Enter a valid email address." },
        { pointer: "#/email", detail: "A second message is not shown." },
        { pointer: "#/options/2", detail: "Options must differ." },
      ],
    });
    expect(errors.fields).toEqual({ email: "Enter a valid email address.", options: "Options must differ." });
  });

  it("reads a plain message, any other error, and nothing", () => {
    expect(formErrorsOf("Not found.").message).toBe("Not found.");
    expect(formErrorsOf(new Error("Network down")).message).toBe("Network down");
    expect(formErrorsOf(undefined)).toMatchObject({ message: undefined, fields: {} });
  });

  it("adds the form's own checks, which win over the server's for the same field", () => {
    const errors = formErrorsOf(new ActionError("Invalid.", { expiresAt: "Server says no." }), {
      expiresAt: "Choose a date in the future.",
    });
    expect(errors.fields.expiresAt).toBe("Choose a date in the future.");
    expect(formErrorsOf(undefined, { date: "Pick one." }).fields).toEqual({ date: "Pick one." });
  });
});

describe("formLevelMessage", () => {
  it("puts the summary on top only when no field the form shows carries the failure", () => {
    const onName = new ActionError("Taken.", { name: "Taken." });
    expect(formLevelMessage(onName, ["name", "color"])).toBeUndefined();
    expect(formLevelMessage(onName, ["email"])).toBe("Taken.");
    expect(formLevelMessage(new ActionError("Your session ended."), ["name"])).toBe("Your session ended.");
    expect(formLevelMessage(undefined, ["name"])).toBeUndefined();
  });
});
