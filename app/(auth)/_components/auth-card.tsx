import Link from "next/link";
import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";
import { buttonClasses } from "@/components/ui/button-classes";

/**
 * The card every signed-out page is: its heading, then a muted `description` (what to do here) or a `message` (what
 * happened, in the reading colour), then the form or the way on.
 */
export function AuthCard({
  title,
  description,
  message,
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  message?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Card className="px-6 py-7 shadow-sm sm:px-8">
      <h1 className="text-lg font-semibold break-words text-slate-900">{title}</h1>
      {description && <p className="mt-1 text-sm text-slate-500">{description}</p>}
      {message && <p className="mt-2 text-sm break-words text-slate-600">{message}</p>}
      {children}
    </Card>
  );
}

/** A link that no longer leads anywhere (expired, used, withdrawn): why, and the one way on. */
export function ClosedLinkCard({
  title = "This link no longer works",
  message,
  href,
  action,
  variant = "primary",
}: {
  title?: string;
  message: ReactNode;
  href: string;
  action: string;
  /** The primary way on spans the card; a secondary one is as wide as its text. */
  variant?: "primary" | "secondary";
}) {
  return (
    <AuthCard title={title} message={message}>
      <Link href={href} className={buttonClasses(variant, "md", variant === "primary" ? "mt-6 w-full" : "mt-6")}>
        {action}
      </Link>
    </AuthCard>
  );
}
