"use client";
import Link from "next/link";
import { useHydrated } from "@/lib/use-hydrated";
import { usePathname } from "next/navigation";
import { signOut } from "next-auth/react";
import clsx from "clsx";
import type { ReactNode } from "react";
import { Wordmark } from "@/components/brand/wordmark";
import { Avatar } from "@/components/ui/avatar";
import { AutomationIcon, BookIcon, HomeIcon, KeyIcon, LogOutIcon, TagIcon } from "@/components/ui/icons";
import {
  BounceIcon,
  FieldsIcon,
  FormIcon,
  FunnelIcon,
  GlobeIcon,
  MailIcon,
  MailOpenIcon,
  SendIcon,
  UsersIcon,
  WebhookIcon,
} from "@/components/ui/icons";
import { can, type Area, type Role } from "@/lib/permissions";
import { WorkspaceSwitcher } from "./workspace-switcher";

export type ShellWorkspace = { id: string; name: string; slug: string; role: Role };
export type ShellUser = { email: string; name: string | null };

type NavItem = { href: string; label: string; icon: ReactNode; area: Area };

// Only sections that exist: a link that 404s is worse than a missing one.
const main: NavItem[] = [
  { href: "/", area: "workspace", label: "Overview", icon: <HomeIcon /> },
  { href: "/broadcasts", area: "broadcasts", label: "Broadcasts", icon: <SendIcon /> },
  { href: "/automations", area: "broadcasts", label: "Automations", icon: <AutomationIcon /> },
  { href: "/forms", area: "forms", label: "Forms", icon: <FormIcon /> },
  { href: "/contacts", area: "audience", label: "Contacts", icon: <UsersIcon /> },
  { href: "/segments", area: "audience", label: "Segments", icon: <FunnelIcon /> },
  { href: "/tags", area: "audience", label: "Tags", icon: <TagIcon /> },
  { href: "/outbox", area: "outbox", label: "Outbox", icon: <MailIcon /> },
];
const settings: NavItem[] = [
  { href: "/settings/workspace", area: "workspaceSettings", label: "Workspace", icon: <MailOpenIcon /> },
  { href: "/settings/team", area: "team", label: "Team", icon: <UsersIcon /> },
  { href: "/settings/sending-domains", area: "broadcasts", label: "Sending domains", icon: <GlobeIcon /> },
  { href: "/settings/deliverability", area: "workspace", label: "Deliverability", icon: <BounceIcon /> },
  { href: "/settings/custom-fields", area: "audience", label: "Custom fields", icon: <FieldsIcon /> },
  { href: "/settings/api-keys", area: "apiKeys", label: "API keys", icon: <KeyIcon /> },
  { href: "/settings/webhooks", area: "webhooks", label: "Webhooks", icon: <WebhookIcon /> },
];

function isActive(pathname: string, href: string) {
  return href === "/" ? pathname === "/" : pathname === href || pathname.startsWith(`${href}/`);
}

type SidebarProps = {
  user: ShellUser;
  workspace: ShellWorkspace;
  workspaces: ShellWorkspace[];
  onNavigate?: () => void;
};

export function SidebarContent({ user, workspace, workspaces, onNavigate }: SidebarProps) {
  const hydrated = useHydrated();
  const pathname = usePathname();
  // The same table the server enforces: no link to a page that would refuse this role.
  const allowed = (item: NavItem) => can(workspace.role, item.area);
  const link = (item: NavItem) => {
    const active = isActive(pathname, item.href);
    return (
      <Link
        key={item.href}
        href={item.href}
        onClick={onNavigate}
        aria-current={active ? "page" : undefined}
        className={clsx(
          "flex items-center gap-2.5 rounded-md px-2.5 py-1.5 text-sm font-medium transition-colors",
          "focus-visible:outline-2 focus-visible:outline-brand-600",
          active ? "bg-brand-50 text-brand-700" : "text-slate-600 hover:bg-slate-100 hover:text-slate-900",
        )}
      >
        <span className={active ? "text-brand-600" : "text-slate-400"}>{item.icon}</span>
        {item.label}
      </Link>
    );
  };

  return (
    <div className="flex h-full flex-col">
      <div className="px-5 pt-5 pb-4">
        <Link
          href="/"
          onClick={onNavigate}
          className="inline-block rounded-md focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <Wordmark />
        </Link>
      </div>
      <div className="px-3">
        <WorkspaceSwitcher current={workspace} workspaces={workspaces} />
      </div>
      <nav aria-label="Main" className="mt-5 flex-1 overflow-y-auto px-3">
        <div className="space-y-0.5">{main.filter(allowed).map(link)}</div>
        <p className="mt-6 mb-1.5 px-2.5 text-[11px] font-semibold tracking-wider text-slate-500 uppercase">Settings</p>
        <div className="space-y-0.5">{settings.filter(allowed).map(link)}</div>
      </nav>
      <div className="px-3 pb-2">
        <Link
          href="/docs/api"
          className="flex items-center gap-2.5 rounded-md px-2.5 py-1.5 text-sm text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <BookIcon className="size-4 text-slate-400" />
          API reference
        </Link>
      </div>
      <div className="flex items-center gap-2.5 border-t border-slate-200 px-4 py-3">
        {/* The person's own block opens their account settings (name, email, password, sessions). */}
        <Link
          href="/account"
          onClick={onNavigate}
          aria-current={isActive(pathname, "/account") ? "page" : undefined}
          className="-mx-1.5 flex min-w-0 flex-1 items-center gap-2.5 rounded-md px-1.5 py-1 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <Avatar text={user.name || user.email} />
          <span className="min-w-0 flex-1 leading-tight">
            {user.name && <span className="block truncate text-[13px] font-medium text-slate-900">{user.name}</span>}
            <span
              className={clsx("block truncate text-slate-600", user.name ? "text-xs" : "text-[13px]")}
              title={user.email}
            >
              {user.email}
            </span>
            <span className="sr-only">Account settings</span>
          </span>
        </Link>
        <button
          type="button"
          onClick={() => signOut({ callbackUrl: "/signin" })}
          aria-disabled={hydrated ? undefined : true}
          aria-label="Sign out"
          title="Sign out"
          className="rounded-md p-1.5 text-slate-400 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <LogOutIcon />
        </button>
      </div>
    </div>
  );
}
