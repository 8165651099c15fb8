// /u/{token} – the unsubscribe link in an email's footer: asks before it unsubscribes (scanners prefetch GETs)
import type { Metadata } from "next";
import { unsubscribePageState } from "@/server/services/tracking/unsubscribe";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Unsubscribe", robots: { index: false, follow: false } };

export default async function UnsubscribePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const state = await unsubscribePageState(token);
  return (
    <main className="mx-auto max-w-md px-4 py-16 text-gray-900">
      {!state ? (
        <>
          <h1 className="text-2xl font-semibold">This link is not valid</h1>
          <p className="mt-3 text-gray-600">
            Check that you copied the whole link from the email, or use the unsubscribe link of a newer email.
          </p>
        </>
      ) : state.unsubscribed ? (
        <>
          <h1 className="text-2xl font-semibold">You are unsubscribed</h1>
          <p className="mt-3 text-gray-600">
            {state.maskedEmail} will no longer receive emails from {state.workspaceName}. If this was a mistake, sign up
            again on their website.
          </p>
        </>
      ) : (
        <>
          <h1 className="text-2xl font-semibold">Unsubscribe from {state.workspaceName}?</h1>
          <p className="mt-3 text-gray-600">{state.maskedEmail} will no longer receive their emails.</p>
          <form method="post" action={`/u/${encodeURIComponent(token)}/one-click`} className="mt-6">
            <input type="hidden" name="List-Unsubscribe" value="One-Click" />
            <input type="hidden" name="source" value="page" />
            <button
              type="submit"
              className="rounded-md bg-gray-900 px-4 py-2 text-white hover:bg-gray-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-gray-900 focus-visible:ring-offset-2"
            >
              Unsubscribe
            </button>
          </form>
        </>
      )}
    </main>
  );
}
