// /confirm/{token} – the double opt-in link: asks for one click (mail scanners prefetch GETs), then says it is done
import type { Metadata } from "next";
import { readConfirmation } from "@/server/services/public-forms/confirm-subscription";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Confirm your subscription", robots: { index: false, follow: false } };

const button =
  "rounded-md bg-gray-900 px-4 py-2 text-white hover:bg-gray-700 focus:outline-none focus-visible:ring-2 " +
  "focus-visible:ring-gray-900 focus-visible:ring-offset-2";

export default async function ConfirmPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const view = await readConfirmation(token);
  const from = view.workspaceName ?? "this sender";
  return (
    <main className="mx-auto max-w-md px-4 py-16 text-gray-900">
      {view.state === "invalid" ? (
        <>
          <h1 className="text-2xl font-semibold">This link is not valid</h1>
          <p className="mt-3 text-gray-600">Check that you copied the whole link from the email.</p>
        </>
      ) : view.state === "confirmed" ? (
        <>
          <h1 className="text-2xl font-semibold">You are subscribed</h1>
          <p className="mt-3 text-gray-600">
            Thank you! {view.email} will receive emails from {from}. Every email has a link to unsubscribe.
          </p>
        </>
      ) : view.state === "expired" ? (
        <>
          <h1 className="text-2xl font-semibold">This link has expired</h1>
          <p className="mt-3 text-gray-600">
            Confirmation links work for 7 days. Sign up again on {from}&apos;s website to get a new one.
          </p>
        </>
      ) : (
        <>
          <h1 className="text-2xl font-semibold">Confirm your subscription to {from}</h1>
          <p className="mt-3 text-gray-600">{view.email} will receive their emails. You can unsubscribe at any time.</p>
          <form method="post" action={`/confirm/${encodeURIComponent(token)}/accept`} className="mt-6">
            <button type="submit" className={button}>
              Confirm subscription
            </button>
          </form>
        </>
      )}
    </main>
  );
}
