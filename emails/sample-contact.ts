// The contact a preview or test send is rendered for when no real contact is chosen.
import type { MergeValues } from "@/lib/email-content/merge-tags";

export const SAMPLE_CONTACT: MergeValues = {
  email: "jane.doe@example.com",
  firstName: "Jane",
  lastName: "Doe",
  fields: { company: "Example Ltd", city: "Lisbon" },
};
