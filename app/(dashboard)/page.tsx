import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { buttonClasses } from "@/components/ui/button-classes";
import { Card, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { FormIcon, PlusIcon, SendIcon, UserMinusIcon, UserPlusIcon, UsersIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import { ApiGettingStarted } from "@/components/dashboard-home/api-getting-started";
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

      <Card className="mb-6 min-w-0">
        <CardHeader
          title="Audience growth"
          description={`Subscribed contacts at the end of each day, and the contacts added and lost, over the last ${GROWTH_DAYS} days (UTC).`}
        />
        {growth.totalContacts === 0 ? (
          <EmptyState
            icon={<UsersIcon />}
            title="No contacts yet"
            description="Import a list, add contacts by hand or through the API, or publish a signup form."
            action={
              can(role, "audience.write") && (
                <Link href="/contacts" className={buttonClasses("secondary", "sm")}>
                  Add contacts
                </Link>
              )
            }
          />
        ) : (
          <div className="px-5 py-4">
            <AudienceGrowthChart days={growth.days} />
          </div>
        )}
      </Card>

      {/* Side by side only from xl: below that the broadcasts' four columns need the full width. */}
      <div className="mb-6 grid gap-6 xl:grid-cols-5">
        <Card className="min-w-0 xl:col-span-3">
          <CardHeader
            title="Recent broadcasts"
            actions={
              broadcasts.length > 0 && (
                <Link href="/broadcasts" className="text-[13px] font-medium text-brand-700 hover:underline">
                  All broadcasts
                </Link>
              )
            }
          />
          {broadcasts.length === 0 ? (
            <EmptyState
              icon={<SendIcon />}
              title="No broadcasts yet"
              description="Write your first email from a template or a blank page, then send it or schedule it."
              action={
                can(role, "broadcasts.write") && (
                  <Link href="/broadcasts/new" className={buttonClasses("secondary", "sm")}>
                    Create a broadcast
                  </Link>
                )
              }
            />
          ) : (
            <RecentBroadcasts broadcasts={broadcasts} />
          )}
        </Card>
        <Card className="min-w-0 xl:col-span-2">
          <CardHeader
            title="Last form submissions"
            actions={
              submissions.length > 0 && (
                <Link href="/forms" className="text-[13px] font-medium text-brand-700 hover:underline">
                  All forms
                </Link>
              )
            }
          />
          {submissions.length === 0 ? (
            <EmptyState
              icon={<FormIcon />}
              title="No form submissions yet"
              description="Embed a form on your site, or share a landing page, and sign-ups appear here."
              action={
                can(role, "forms.write") && (
                  <Link href="/forms/new" className={buttonClasses("secondary", "sm")}>
                    Create a form
                  </Link>
                )
              }
            />
          ) : (
            <RecentSubmissions submissions={submissions} />
          )}
        </Card>
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
