// The email as a person would see it, with the original links and no open pixel: the dashboard preview and test
// sends. The same compile + personalize path as a real send, so a preview cannot differ from what goes out.
import { compileEmail, type EmailContent } from "./compile";
import { resolveLinkUrl } from "@/lib/email-content/links";
import type { MergeValues } from "@/lib/email-content/merge-tags";
import { personalize, type PersonalizedEmail } from "./personalize";
import { SAMPLE_CONTACT } from "./sample-contact";

export type PreviewOptions = {
  /** Where the footer's unsubscribe link points; a test send has no recipient token, so by default nowhere. */
  unsubscribeUrl?: string;
};

export async function renderPreview(
  content: EmailContent,
  values: MergeValues = SAMPLE_CONTACT,
  options: PreviewOptions = {},
): Promise<PersonalizedEmail> {
  const compiled = await compileEmail(content);
  return personalize(compiled, {
    values,
    linkHref: (_, url) => resolveLinkUrl(url, values),
    openPixelUrl: null,
    unsubscribeUrl: options.unsubscribeUrl ?? "#unsubscribe",
  });
}
