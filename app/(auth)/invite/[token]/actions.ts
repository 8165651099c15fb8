"use server";
// The invitation page: joining as the signed-in person, or creating the invited person's account (the client then
// signs in with next-auth's credentials, as onboarding does, and joins with the first action).
import { cookies } from "next/headers";
import { accountAction, type ActionResult } from "@/server/auth/dashboard-action";
import { AppError } from "@/server/errors";
import { toFieldErrors } from "@/server/http/validation";
import { ZAcceptInvitation, ZSignUpFromInvitation } from "@/lib/schemas/team";
import { acceptInvitation, signUpFromInvitation } from "@/server/services/team/accept-invitation";
import { WORKSPACE_COOKIE } from "@/server/services/workspaces/current-workspace";
import type { z } from "zod";

const cookieOptions = { httpOnly: true, sameSite: "lax" as const, path: "/", maxAge: 60 * 60 * 24 * 365 };

/** Joins, and makes the joined workspace the current one so "/" opens it. */
export const acceptInvitationAction = accountAction(ZAcceptInvitation, async ({ token }, { userId }) => {
  const joined = await acceptInvitation({ token, userId });
  (await cookies()).set(WORKSPACE_COOKIE, joined.workspaceId, cookieOptions);
  return joined;
});

export async function signUpFromInvitationAction(
  raw: z.input<typeof ZSignUpFromInvitation>,
): Promise<ActionResult<{ email: string; workspaceId: string }>> {
  const parsed = ZSignUpFromInvitation.safeParse(raw);
  if (!parsed.success)
    return { ok: false, error: "Check the highlighted fields.", fieldErrors: toFieldErrors(parsed.error) };
  try {
    // No workspace cookie here: a new account has this one workspace only, so "/" opens it anyway, and setting a
    // cookie makes Next render this page again at once, as an invitation already used, before the sign-in ends.
    const joined = await signUpFromInvitation(parsed.data);
    return { ok: true, data: { email: joined.email, workspaceId: joined.workspaceId } };
  } catch (error) {
    if (error instanceof AppError) return { ok: false, error: error.message, code: error.code };
    console.error(error);
    return { ok: false, error: "Something went wrong. Try again." };
  }
}
