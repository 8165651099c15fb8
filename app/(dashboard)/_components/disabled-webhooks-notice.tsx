import Link from "next/link";
import type { AutoDisabledWebhook } from "@/server/services/webhooks/list-auto-disabled-webhooks";

/** Shown above every dashboard page while a webhook stays disabled automatically (docs/webhooks.md: disabled automatically, the workspace is told). */
export function DisabledWebhooksNotice({ webhooks }: { webhooks: AutoDisabledWebhook[] }) {
  const [first] = webhooks;
  if (!first) return null;
  const more = webhooks.length - 1;
  return (
    <div role="status" className="mb-6 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
      <p>
        <strong className="font-semibold">
          {webhooks.length === 1 ? "A webhook was turned off" : `${webhooks.length} webhooks were turned off`}
        </strong>{" "}
        because deliveries kept failing: <span className="font-mono break-all">{first.url}</span>
        {more > 0 ? ` and ${more} more` : ""}.{" "}
        {more > 0
          ? "Their events are held (up to 30 days) and go out once you fix the endpoints and enable them again."
          : "Its events are held (up to 30 days) and go out once you fix the endpoint and enable it again."}{" "}
        <Link
          href={more > 0 ? "/settings/webhooks" : `/settings/webhooks/${first.id}`}
          className="font-medium underline hover:no-underline"
        >
          Review {more > 0 ? "webhooks" : "webhook"}
        </Link>
      </p>
    </div>
  );
}
