// The answer to a plain HTML form post (the landing page without JavaScript): a 303 to a page a person can read.
// Success goes to the form's redirectUrl or back to its landing page with ?submitted=1; a refusal goes back with
// ?error=<message>. Forms that are not live, and posts from forms without a landing page, get the problem as is.
import { AppError } from "@/server/errors";
import { appUrl } from "@/server/config";
import { loadLiveFormForSubmit, type LiveForm } from "./public-form";

export async function formPostAnswer(formId: string, submit: () => Promise<{ form: LiveForm }>): Promise<Response> {
  try {
    const { form } = await submit();
    if (form.redirectUrl) return redirect(form.redirectUrl);
    if (form.slug) return redirect(`${appUrl()}/f/${form.slug}?submitted=1`);
    return new Response(form.successMessage, { status: 200, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  } catch (error) {
    if (!(error instanceof AppError) || error.status === 404) throw error;
    // The form's live definition (kept a few seconds by the submission that just read it).
    const live = await loadLiveFormForSubmit(formId);
    const slug = live?.type === "landing_page" ? live.slug : null;
    if (!slug) throw error;
    const detail = error.errors?.length ? error.errors.map((e) => e.detail).join(" ") : error.message;
    return redirect(`${appUrl()}/f/${slug}?error=${encodeURIComponent(detail.slice(0, 500))}`);
  }
}

const redirect = (location: string) => new Response(null, { status: 303, headers: { Location: location } });
