"use server";
import { z } from "zod";
import { ZAccountLinkToken } from "@/lib/schemas/account-settings";
import { parseActionInput, type ActionResult } from "@/server/auth/dashboard-action";
import { AppError } from "@/server/errors";
import { confirmEmailChange } from "@/server/services/account/email-change";

/**
 * The change happens on this POST, not when the page is opened: mail scanners that follow links would otherwise
 * use the link before the person does.
 */
export async function confirmEmailChangeAction(raw: { token: string }): Promise<ActionResult<{ email: string }>> {
  const parsed = parseActionInput(z.object({ token: ZAccountLinkToken }), raw);
  if (!parsed.ok) return { ok: false, error: "This link is not valid." };
  try {
    return { ok: true, data: await confirmEmailChange(parsed.data.token) };
  } catch (error) {
    if (error instanceof AppError) return { ok: false, error: error.message, code: error.code };
    console.error(error);
    return { ok: false, error: "Something went wrong. Try again." };
  }
}
