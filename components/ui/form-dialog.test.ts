// The markup of an open <FormDialog> (server-rendered): the scaffold every create/edit dialog shares.
import { createElement, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ActionError } from "@/lib/action-result";
import { FormDialog, type FormState } from "./form-dialog";

type Values = { name: string };
const fields = ({ values, errors }: FormState<Values>): ReactNode =>
  createElement("input", { name: "name", defaultValue: values.name, "data-error": errors.field("name") });
type Props = Parameters<typeof FormDialog<Values>>[0];
const render = (props: Partial<Props> = {}) =>
  renderToStaticMarkup(
    // The children are a render function, which createElement's third argument (a ReactNode) does not take.
    // eslint-disable-next-line react/no-children-prop
    createElement(FormDialog<Values>, {
      open: true,
      onClose: () => {},
      title: "New tag",
      description: "Tags group contacts.",
      initialValues: { name: "News" },
      submitLabel: "Create tag",
      onSubmit: () => {},
      children: fields,
      ...props,
    }),
  );

describe("FormDialog", () => {
  it("renders the title, the description, the fields with their values, Cancel and the named submit", () => {
    const html = render();
    expect(html).toContain(">New tag</h2>");
    expect(html).toContain("Tags group contacts.");
    expect(html).toMatch(/<form noValidate=""[^>]*data-form-dialog=""/);
    expect(html).toContain('value="News"');
    expect(html).toMatch(/<button type="button"[^>]*>Cancel<\/button>/);
    expect(html).toMatch(/<button type="submit"[^>]*bg-brand-600[^>]*>Create tag<\/button>/);
    expect(html).not.toContain('role="alert"');
  });

  it("gives a field its error, and keeps the summary off the top when a shown field carries it", () => {
    const html = render({ error: new ActionError("A tag named “News” already exists.", { name: "Taken." }) });
    expect(html).toContain('data-error="A tag named “News” already exists. Taken."');
    expect(html).not.toContain('role="alert"');
  });

  it("puts a failure no shown field carries on top of the form", () => {
    const html = render({ error: new ActionError("Your session ended. Sign in again.") });
    expect(html).toMatch(/role="alert".*Your session ended\. Sign in again\./);
  });

  it("shows pending on the submit button, and a destructive step starts on Cancel with a red submit", () => {
    expect(render({ pending: true })).toMatch(/<button type="submit"[^>]*disabled=""[^>]*aria-busy="true"/);
    const html = render({ destructive: true, submitDisabled: (v) => v.name !== "Acme" });
    expect(html).toMatch(/<button type="button"[^>]*data-autofocus="true"[^>]*>Cancel/);
    expect(html).toMatch(/<button type="submit" disabled=""[^>]*bg-red-600/);
  });

  it("renders nothing inside the dialog while closed", () => {
    expect(render({ open: false })).not.toContain("<form");
  });
});
