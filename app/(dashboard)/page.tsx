import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { buttonClasses } from "@/components/ui/button-classes";
import { FormIcon, PlusIcon, SendIcon, UserMinusIcon, UserPlusIcon, UsersIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import { ApiGettingStarted } from "@/components/dashboard-home/api-getting-started";
import { HomeCard } from "@/components/dashboard-home/home-card";
import { AudienceGrowthChart } from "@/components/dashboard-home/audience-growth-chart";
import { RecentBroadcasts } from "@/components/dashboard-home/recent-broadcasts";
import { RecentSubmissions } from "@/components/dashboard-home/recent-submissions";
import { formatNumber } from "@/lib/format";
import { dashboardContext } from "./_lib/dashboard-context";
import { appUrl } from "@/server/config";
import { listApiKeys } from "@/server/services/api-keys/list-api-keys";
import { getAudienceGrowth, GROWTH_DAYS } from "@/server/services/dashboard-home/get-audience-growth";
import { listRecentBroadcasts } from "@/server/services/dashboard-home/list-recent-broadcasts";
import { listRecentSubmissions } from "@/server/services/dashboard-home/list-recent-submissions";
import { getSetupProgress } from "@/server/services/dashboard-home/get-setup-progress";
import { SetupChecklist } from "@/components/dashboard-home/setup-checklist";
import { can } from "@/lib/permissions";

export const metadata: Metadata = { title: "Overview" };

export default async function OverviewPage() {
  const { workspace } = await dashboardContext("workspace");
  const target = { workspaceId: workspace.id };
  const role = workspace.role;
  // API keys are listed only for roles that manage them: the card links to their page.
  const showApi = can(role, "apiKeys");
  const [keys, broadcasts, growth, submissions, setup] = await Promise.all([
    showApi ? listApiKeys(target) : [],
    listRecentBroadcasts(target),
    getAudienceGrowth(target),
    listRecentSubmissions(target),
    getSetupProgress(target),
  ]);
  const activeKeys = keys.filter((k) => !k.revokedAt).length;
  const added = growth.days.reduce((sum, d) => sum + d.added, 0);
  const unsubscribed = growth.days.reduce((sum, d) => sum + d.unsubscribed, 0);

  return (
    <>
      <PageHeader
        title={workspace.name}
        description="Your workspace at a glance."
        actions={
          can(role, "broadcasts.write") && (
            <Link href="/broadcasts/new" className={buttonClasses("primary", "md")}>
              <PlusIcon className="size-4" />
              New broadcast
            </Link>
          )
        }
      />

      <SetupChecklist progress={setup} role={role} />

      <div className="mb-6 grid gap-4 sm:grid-cols-3">
        <Stat icon={<UsersIcon />} label="Subscribed contacts" value={growth.subscribedNow} />
        <Stat icon={<UserPlusIcon />} label={`Added in the last ${GROWTH_DAYS} days`} value={added} />
        <Stat icon={<UserMinusIcon />} label={`Unsubscribed in the last ${GROWTH_DAYS} days`} value={unsubscribed} />
      </div>

      <HomeCard
        className="mb-6"
        title="Audience growth"
        description={`Subscribed contacts at the end of each day, and the contacts added and lost, over the last ${GROWTH_DAYS} days (UTC).`}
        empty={
          growth.totalContacts === 0 && {
            icon: <UsersIcon />,
            title: "No contacts yet",
            description: "Import a list, add contacts by hand or through the API, or publish a signup form.",
            start: can(role, "audience.write") && { href: "/contacts", label: "Add contacts" },
          }
        }
      >
        <div className="px-5 py-4">
          <AudienceGrowthChart days={growth.days} />
        </div>
      </HomeCard>

      {/* Side by side only from xl: below that the broadcasts' four columns need the full width. */}
      <div className="mb-6 grid gap-6 xl:grid-cols-5">
        <HomeCard
          className="xl:col-span-3"
          title="Recent broadcasts"
          all={broadcasts.length > 0 && { href: "/broadcasts", label: "All broadcasts" }}
          empty={
            broadcasts.length === 0 && {
              icon: <SendIcon />,
              title: "No broadcasts yet",
              description: "Write your first email from a template or a blank page, then send it or schedule it.",
              start: can(role, "broadcasts.write") && { href: "/broadcasts/new", label: "Create a broadcast" },
            }
          }
        >
          <RecentBroadcasts broadcasts={broadcasts} />
        </HomeCard>
        <HomeCard
          className="xl:col-span-2"
          title="Last form submissions"
          all={submissions.length > 0 && { href: "/forms", label: "All forms" }}
          empty={
            submissions.length === 0 && {
              icon: <FormIcon />,
              title: "No form submissions yet",
              description: "Embed a form on your site, or share a landing page, and sign-ups appear here.",
              start: can(role, "forms.write") && { href: "/forms/new", label: "Create a form" },
            }
          }
        >
          <RecentSubmissions submissions={submissions} />
        </HomeCard>
      </div>

      {showApi && (
        <ApiGettingStarted activeKeys={activeKeys} curl={`curl -H "X-API-Key: sw_…" ${appUrl()}/api/v1/tags`} />
      )}
    </>
  );
}

// Plain figures, not links: the sidebar already links these sections, and duplicate link names confuse.
function Stat({ icon, label, value }: { icon: ReactNode; label: string; value: number }) {
  return (
    <div className="flex items-center gap-4 rounded-lg border border-slate-200 bg-white px-5 py-4 shadow-xs">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
        {icon}
      </span>
      <span>
        <span className="block text-[13px] text-slate-500">{label}</span>
        <span className="block text-2xl font-semibold text-slate-900 tabular-nums">{formatNumber(value)}</span>
      </span>
    </div>
  );
}
