import { describe, expect, it } from "vitest";
import { enrolRefusalText } from "./enrol-refusal";

describe("enrolRefusalText", () => {
  it("leads with the reason and keeps the API's sentence, without its code quotes", () => {
    expect(
      enrolRefusalText(
        "contact_not_subscribed",
        "The contact's status is `unsubscribed`: automations send only to subscribed contacts, so they cannot be enrolled.",
        "uma@lab.test",
      ),
    ).toBe(
      "Not subscribed. The contact's status is unsubscribed: automations send only to subscribed contacts, so they cannot be enrolled.",
    );
    expect(enrolRefusalText("already_enrolled", "The contact is in this automation already.", "a@b.test")).toBe(
      "Already in it. The contact is in this automation already.",
    );
  });

  it("says what to do about an address no contact has", () => {
    expect(enrolRefusalText("not_found", "No contact with this email address.", "nobody@lab.test")).toBe(
      "No contact has the address nobody@lab.test. Add them on the Contacts page first.",
    );
  });

  it("passes any other refusal on as it is, minus the quotes", () => {
    expect(enrolRefusalText(null, "Cannot do `this`.", "a@b.test")).toBe("Cannot do this.");
  });
});
