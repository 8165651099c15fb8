// The new workspace's setup checklist on the home page: four steps, each done when the database says so
// (server/services/dashboard-home/get-setup-progress.ts), each linking to where it is done and naming the area that
// does it, so a role that cannot do a step reads it without a link (lib/permissions). Client-safe.
import type { Area } from "./permissions";

export const SETUP_STEPS = ["sender", "contacts", "form", "broadcast"] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];
export type SetupProgress = Record<SetupStep, boolean>;

export const SETUP_STEP_INFO: Record<SetupStep, { title: string; description: string; href: string; area: Area }> = {
  sender: {
    title: "Set the sender and postal address",
    description: "Who your emails come from, and the postal address every marketing email must show in its footer.",
    href: "/settings/workspace",
    area: "workspaceSettings",
  },
  contacts: {
    title: "Add your first contacts",
    description: "Import a CSV file or add people one by one.",
    href: "/contacts/import",
    area: "contacts.import",
  },
  form: {
    title: "Create a sign-up form",
    description: "Embed it on your site or share its landing page, and new subscribers come in by themselves.",
    href: "/forms/new",
    area: "forms.write",
  },
  broadcast: {
    title: "Send your first broadcast",
    description: "Write an email from a template or a blank page, then send it or schedule it.",
    href: "/broadcasts/new",
    area: "broadcasts.send",
  },
};

/** The checklist shows until every step is done. */
export const setupComplete = (progress: SetupProgress) => SETUP_STEPS.every((s) => progress[s]);
