import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import clsx from "clsx";
import { buttonClasses } from "@/components/ui/button-classes";
import { Card, CardHeader } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { ArrowRightIcon, CheckIcon, KeyIcon, TagIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import { formatNumber } from "@/lib/format";
import { dashboardContext } from "./_lib/dashboard-context";
import { appUrl } from "@/server/config";
import { listApiKeys } from "@/server/services/api-keys/list-api-keys";
import { listTags } from "@/server/services/tags/list-tags";

export const metadata: Metadata = { title: "Overview" };

export default async function OverviewPage() {
  const { workspace } = await dashboardContext();
  const [keys, tags] = await Promise.all([
    listApiKeys({ workspaceId: workspace.id }),
    listTags({ workspaceId: workspace.id, query: { page: 1, limit: 1 } }),
  ]);
  const activeKeys = keys.filter((k) => !k.revokedAt).length;
  const curl = `curl -H "X-API-Key: sw_…" ${appUrl()}/api/v1/tags`;

  return (
    <>
      <PageHeader title={workspace.name} description="Your workspace at a glance, and how to start using the API." />

      <div className="mb-8 grid gap-4 sm:grid-cols-2">
        <Stat icon={<TagIcon />} label="Tags" value={tags.total} />
        <Stat icon={<KeyIcon />} label="Active API keys" value={activeKeys} />
      </div>

      <Card>
        <CardHeader title="Getting started" description="Three steps from here to your first API call." />
        <ol className="divide-y divide-slate-100">
          <Step number={1} done={activeKeys > 0} title="Create an API key">
            <p>Keys belong to this workspace. A read key can only call GET; a write key can change everything.</p>
            <Link href="/settings/api-keys" className={buttonClasses("secondary", "sm", "mt-3")}>
              {activeKeys > 0 ? "Manage keys" : "Create an API key"}
              <ArrowRightIcon className="size-3.5" />
            </Link>
          </Step>
          <Step number={2} title="Read the API reference">
            <p>Every endpoint, parameter and error, generated from the same schemas the server validates with.</p>
            <Link href="/docs/api" className={buttonClasses("secondary", "sm", "mt-3")}>
              Read the reference
              <ArrowRightIcon className="size-3.5" />
            </Link>
          </Step>
          <Step number={3} title="Make your first request">
            <p>Send the key in the X-API-Key header. Replace sw_… with your key.</p>
            <div className="mt-3 flex items-start gap-2 rounded-lg bg-slate-900 py-2.5 pr-2.5 pl-4">
              <pre className="min-w-0 flex-1 overflow-x-auto py-1 font-mono text-[13px] leading-relaxed text-slate-100">
                <code>{curl}</code>
              </pre>
              <CopyButton value={curl} />
            </div>
          </Step>
        </ol>
      </Card>
    </>
  );
}

// Plain figures, not links: the sidebar already links these sections, and duplicate link names confuse.
function Stat({ icon, label, value }: { icon: ReactNode; label: string; value: number }) {
  return (
    <div className="flex items-center gap-4 rounded-lg border border-slate-200 bg-white px-5 py-4 shadow-xs">
      <span className="flex size-10 items-center justify-center rounded-lg bg-brand-50 text-brand-600">{icon}</span>
      <span>
        <span className="block text-[13px] text-slate-500">{label}</span>
        <span className="block text-2xl font-semibold text-slate-900 tabular-nums">{formatNumber(value)}</span>
      </span>
    </div>
  );
}

function Step({
  number,
  title,
  done,
  children,
}: {
  number: number;
  title: string;
  done?: boolean;
  children: ReactNode;
}) {
  return (
    <li className="flex gap-4 px-5 py-5">
      <span
        className={clsx(
          "flex size-7 shrink-0 items-center justify-center rounded-full text-[13px] font-semibold",
          done ? "bg-emerald-100 text-emerald-700" : "bg-brand-50 text-brand-700",
        )}
      >
        {done ? <CheckIcon className="size-4" /> : number}
        {done && <span className="sr-only">Done: </span>}
      </span>
      <div className="min-w-0 flex-1 text-sm text-slate-600">
        <h3 className="mb-1 font-medium text-slate-900">{title}</h3>
        {children}
      </div>
    </li>
  );
}
