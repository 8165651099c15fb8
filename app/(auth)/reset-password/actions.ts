"use server";
import { ZResetPassword, type ResetPasswordInput } from "@/lib/schemas/account-settings";
import { parseActionInput, type ActionResult } from "@/server/auth/dashboard-action";
import { AppError } from "@/server/errors";
import { resetPassword } from "@/server/services/account/reset-password";

/** Sets the new password through a reset link; the client then signs in with it (a fresh session). */
export async function resetPasswordAction(raw: ResetPasswordInput): Promise<ActionResult<{ email: string }>> {
  const parsed = parseActionInput(ZResetPassword, raw);
  if (!parsed.ok) return { ok: false, error: "Check the highlighted fields.", fieldErrors: parsed.fieldErrors };
  try {
    return { ok: true, data: await resetPassword({ token: parsed.data.token, newPassword: parsed.data.newPassword }) };
  } catch (error) {
    if (error instanceof AppError) return { ok: false, error: error.message, code: error.code };
    console.error(error);
    return { ok: false, error: "Something went wrong. Try again." };
  }
}
