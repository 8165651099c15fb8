import clsx from "clsx";
import Link from "next/link";
import type { ReactNode } from "react";
import { buttonClasses } from "@/components/ui/button-classes";
import { Card, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";

type Way = { href: string; label: string };

/** False leaves the part out (nothing listed yet, or a role that may not start one). */
type HomeCardProps = {
  title: string;
  description?: string;
  className?: string;
  /** The header's link to the whole list ("All broadcasts"). */
  all?: Way | false;
  /** What the card says while it has nothing to show, and the way to make the first one. */
  empty?: { icon: ReactNode; title: string; description: string; start?: Way | false } | false;
  children?: ReactNode;
};

/** One card of the overview: a header, then its content or, while there is none, how to get some. */
export function HomeCard({ title, description, className, all, empty, children }: HomeCardProps) {
  return (
    <Card className={clsx("min-w-0", className)}>
      <CardHeader
        title={title}
        description={description}
        actions={
          all && (
            <Link href={all.href} className="text-[13px] font-medium text-brand-700 hover:underline">
              {all.label}
            </Link>
          )
        }
      />
      {empty ? (
        <EmptyState
          icon={empty.icon}
          title={empty.title}
          description={empty.description}
          action={
            empty.start && (
              <Link href={empty.start.href} className={buttonClasses("secondary", "sm")}>
                {empty.start.label}
              </Link>
            )
          }
        />
      ) : (
        children
      )}
    </Card>
  );
}
