// Why adding a contact by hand was refused, as the report's dialog says it: a short reason first, then the API's own
// sentence (which names the status or the re-entry rule), without the API's `code` quotes, which a dashboard
// does not render.

/** The API's 409 reasons (server/services/automations/enrolments.ts), and "not_found" for an unknown address. */
export type EnrolRefusal = "contact_not_subscribed" | "already_enrolled" | "not_active" | "not_found";

const LEADS: Record<EnrolRefusal, string> = {
  contact_not_subscribed: "Not subscribed.",
  already_enrolled: "Already in it.",
  not_active: "Not active.",
  not_found: "No such contact.",
};

export function enrolRefusalText(reason: EnrolRefusal | null, message: string, email: string): string {
  if (reason === "not_found") return `No contact has the address ${email}. Add them on the Contacts page first.`;
  const plain = message.replaceAll("`", "");
  return reason ? `${LEADS[reason]} ${plain}` : plain;
}
