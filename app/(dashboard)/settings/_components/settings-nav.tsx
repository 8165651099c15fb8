"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
import clsx from "clsx";
import { can, type Area, type Role } from "@/lib/permissions";

// Grows with the settings that exist; nothing here may point at a page that is not built yet.
// Each tab names its area (lib/permissions): a role sees only the tabs it may open.
const tabs: { href: string; label: string; area: Area }[] = [
  { href: "/settings/workspace", label: "Workspace", area: "workspaceSettings" },
  { href: "/settings/team", label: "Team", area: "team" },
  { href: "/settings/sending-domains", label: "Sending domains", area: "broadcasts" },
  { href: "/settings/deliverability", label: "Deliverability", area: "workspace" },
  { href: "/settings/custom-fields", label: "Custom fields", area: "audience" },
  { href: "/settings/api-keys", label: "API keys", area: "apiKeys" },
  { href: "/settings/webhooks", label: "Webhooks", area: "webhooks" },
];

export function SettingsNav({ role }: { role: Role }) {
  const pathname = usePathname();
  return (
    // The tabs are wider than a phone: the row scrolls by itself instead of widening the whole page.
    <nav aria-label="Settings" className="mb-6 border-b border-slate-200">
      <ul className="-mb-px flex gap-6 overflow-x-auto">
        {tabs
          .filter((tab) => can(role, tab.area))
          .map((tab) => {
            const active = pathname.startsWith(tab.href);
            return (
              <li key={tab.href}>
                <Link
                  href={tab.href}
                  aria-current={active ? "page" : undefined}
                  className={clsx(
                    "inline-block border-b-2 px-0.5 pb-2.5 text-sm font-medium whitespace-nowrap focus-visible:outline-2 focus-visible:outline-brand-600",
                    active
                      ? "border-brand-600 text-brand-700"
                      : "border-transparent text-slate-500 hover:border-slate-300 hover:text-slate-800",
                  )}
                >
                  {tab.label}
                </Link>
              </li>
            );
          })}
      </ul>
    </nav>
  );
}
