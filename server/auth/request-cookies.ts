import "server-only";
import { cookies } from "next/headers";

/** The current request's cookies (pages and server actions), in the shape dashboardSession reads. */
export async function requestCookies(): Promise<Map<string, string>> {
  return new Map((await cookies()).getAll().map((c) => [c.name, c.value]));
}
