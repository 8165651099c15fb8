"use server";
import { after } from "next/server";
import { headers } from "next/headers";
import { ZForgotPassword } from "@/lib/schemas/account-settings";
import { parseActionInput, type ActionResult } from "@/server/auth/dashboard-action";
import { clientAddress } from "@/server/auth/client-address";
import { AppError } from "@/server/errors";
import { requestPasswordReset } from "@/server/services/account/request-password-reset";

/** Always the same answer for a well-formed address; the lookup and the email run after it is sent. */
export async function forgotPasswordAction(raw: { email: string }): Promise<ActionResult<{ message: string }>> {
  const parsed = parseActionInput(ZForgotPassword, raw);
  if (!parsed.ok) return { ok: false, error: "Check the highlighted fields.", fieldErrors: parsed.fieldErrors };
  try {
    const { message, delivery } = await requestPasswordReset({
      email: parsed.data.email,
      clientAddress: clientAddress(await headers()),
    });
    after(() => delivery);
    return { ok: true, data: { message } };
  } catch (error) {
    if (error instanceof AppError) return { ok: false, error: error.message, code: error.code };
    console.error(error);
    return { ok: false, error: "Something went wrong. Try again." };
  }
}
