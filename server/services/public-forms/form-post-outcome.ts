// What a plain HTML form post (the landing page without JavaScript) leads to: a page a person can read. Success
// goes to the form's redirectUrl or back to its landing page with ?submitted=1; a refusal goes back with
// ?error=<code> (form-problems.ts) and, for fields to correct, their names (?field=email): the page shows its own
// text for them, never text from the URL. Forms without a landing page answer their success message as text.
// Forms that are not live, and refusals of forms without a landing page, are thrown as the problem they are.
// The route turns the outcome into its HTTP answer (a 303 to `redirect`, or the text).
import { AppError } from "@/server/errors";
import { appUrl } from "@/server/config";
import { formProblemCode } from "./form-problems";
import { loadLiveFormForSubmit, type LiveForm } from "./public-form";

export type FormPostOutcome = { redirect: string } | { text: string };

export async function formPostOutcome(
  formId: string,
  submit: () => Promise<{ form: LiveForm }>,
): Promise<FormPostOutcome> {
  try {
    const { form } = await submit();
    if (form.redirectUrl) return { redirect: form.redirectUrl };
    const slug = landingSlug(form);
    if (slug) return { redirect: `${appUrl()}/f/${slug}?submitted=1` };
    return { text: form.successMessage };
  } catch (error) {
    if (!(error instanceof AppError) || error.status === 404) throw error;
    // The form's live definition (kept a few seconds by the submission that just read it).
    const live = await loadLiveFormForSubmit(formId);
    const slug = live && landingSlug(live);
    if (!slug) throw error;
    const query = new URLSearchParams({ error: formProblemCode(error) });
    const names = live.fields.map((f) => f.name);
    for (const { pointer } of error.errors ?? []) {
      const name = pointer.replace(/^#\//, "").split("/")[0]!;
      if (names.includes(name) && !query.getAll("field").includes(name)) query.append("field", name);
    }
    return { redirect: `${appUrl()}/f/${slug}?${query}` };
  }
}

/** The form's hosted page, if it has one (a form switched from landing_page to another type keeps its slug). */
const landingSlug = (form: LiveForm) => (form.type === "landing_page" ? form.slug : null);
