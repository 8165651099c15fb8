"use server";
import { ZOnboarding, type Onboarding } from "@/lib/schemas/account";
import type { ActionResult } from "@/server/auth/dashboard-action";
import { AppError } from "@/server/errors";
import { toFieldErrors } from "@/server/http/validation";
import { createFirstUser } from "@/server/services/users/create-first-user";

/** Creates the first user and workspace; the client then signs in with the same credentials. */
export async function onboardAction(raw: Onboarding): Promise<ActionResult<{ email: string }>> {
  const parsed = ZOnboarding.safeParse(raw);
  if (!parsed.success)
    return { ok: false, error: "Check the highlighted fields.", fieldErrors: toFieldErrors(parsed.error) };
  try {
    const { user } = await createFirstUser(parsed.data);
    return { ok: true, data: { email: user.email } };
  } catch (error) {
    if (error instanceof AppError) return { ok: false, error: error.message };
    console.error(error);
    return { ok: false, error: "Something went wrong. Try again." };
  }
}
