// Getting started with the API: the three steps while the workspace has no key, one compact line once it has one.
import Link from "next/link";
import type { ReactNode } from "react";
import clsx from "clsx";
import { buttonClasses } from "@/components/ui/button-classes";
import { Card, CardHeader } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { ArrowRightIcon, CheckIcon } from "@/components/ui/icons";

export function ApiGettingStarted({ activeKeys, curl }: { activeKeys: number; curl: string }) {
  if (activeKeys > 0) {
    return (
      <Card className="flex flex-wrap items-center justify-between gap-3 px-5 py-4">
        <div className="min-w-0 text-sm">
          <h2 className="font-semibold text-slate-900">Getting started with the API</h2>
          <p className="text-[13px] text-slate-500">
            {activeKeys} active key{activeKeys === 1 ? "" : "s"}. Send one in the X-API-Key header.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link href="/docs/api" className={buttonClasses("secondary", "sm")}>
            API reference
          </Link>
          <Link href="/settings/api-keys" className={buttonClasses("secondary", "sm")}>
            Manage keys
          </Link>
        </div>
      </Card>
    );
  }
  return (
    <Card>
      <CardHeader title="Getting started with the API" description="Three steps from here to your first API call." />
      <ol className="divide-y divide-slate-100">
        <Step number={1} title="Create an API key">
          <p>Keys belong to this workspace. A read key can only call GET; a write key can change everything.</p>
          <Link href="/settings/api-keys" className={buttonClasses("secondary", "sm", "mt-3")}>
            Create an API key
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
