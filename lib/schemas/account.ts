// Dashboard forms: onboarding, sign-in, workspaces, API keys.
import { z } from "zod";

export const ZEmail = z.string().trim().toLowerCase().pipe(z.email("Enter a valid email address.").max(254));
const ZPassword = z.string().min(10, "Use at least 10 characters.").max(200, "At most 200 characters.");
export const ZWorkspaceName = z.string().trim().min(1, "Name the workspace.").max(80, "At most 80 characters.");

export const ZOnboarding = z.object({
  name: z.string().trim().max(80).optional(),
  email: ZEmail,
  password: ZPassword,
  workspaceName: ZWorkspaceName,
});

export const ZCreateApiKey = z.object({
  name: z.string().trim().min(1, "Name the key.").max(80, "At most 80 characters."),
  scope: z.enum(["read", "write"]),
  /** When the key stops working (an ISO instant the dialog computes); absent or null: it never expires. */
  expiresAt: z.iso
    .datetime({ offset: true, message: "Choose a valid date." })
    .nullish()
    .transform((v) => (v ? new Date(v) : null))
    .refine((d) => d === null || d.getTime() > Date.now(), "Choose a date in the future."),
});

export type Onboarding = z.infer<typeof ZOnboarding>;
export type CreateApiKeyInput = z.output<typeof ZCreateApiKey>;
