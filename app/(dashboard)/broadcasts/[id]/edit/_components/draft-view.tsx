"use client";
// A draft or a scheduled broadcast for a role that may read it but not change it (a viewer; an author once it is
// scheduled): its header, when it goes out, and the email as a sample contact would get it. No composer, so no
// control that would only be refused.
import type { Broadcast } from "@/lib/schemas/broadcasts";
import { forbiddenMessage, type Area } from "@/lib/permissions";
import { BackLink } from "@/components/ui/back-link";
import { EmailFrame } from "@/components/broadcasts/email-frame";
import { scheduleSummary } from "@/features/broadcast-send/ui/schedule-dialog";
import { useLocalZone } from "@/features/broadcast-send/ui/use-local-zone";
import { Notice } from "@/components/ui/notice";
import { ReportHeader } from "../../_components/report-header";

type Props = {
  broadcast: Broadcast;
  preview: { subject: string; html: string } | null;
  /** The area this role lacks to edit it: its sentence says who can. */
  missing: Area;
};

const none = () => undefined;

export function DraftView({ broadcast: b, preview, missing }: Props) {
  const userZone = useLocalZone();
  return (
    <div data-testid="draft-view">
      <BackLink href="/broadcasts">Broadcasts</BackLink>
      <ReportHeader broadcast={b} onPause={none} onResume={none} />
      <Notice tone="info" className="mb-5">
        {b.status === "scheduled" && (
          <>
            Scheduled for <strong>{scheduleSummary(b, userZone)}</strong>.{" "}
          </>
        )}
        You can read this broadcast. {forbiddenMessage(missing)}
      </Notice>
      <section aria-labelledby="draft-preview-title" className="rounded-lg border border-slate-200 bg-white shadow-xs">
        <h2 id="draft-preview-title" className="px-5 py-4 text-sm font-semibold text-slate-900">
          Email preview
          <span className="ml-2 text-[13px] font-normal text-slate-500">
            With a sample contact&apos;s merge values and the links as written.
          </span>
        </h2>
        {preview ? (
          <div className="border-t border-slate-200">
            <p className="border-b border-slate-200 px-5 py-2.5 text-[13px] text-slate-600">
              <span className="text-slate-500">Subject:</span> {preview.subject || "(none)"}
            </p>
            <EmailFrame html={preview.html} title={`Preview of ${b.name}`} />
          </div>
        ) : (
          <p className="border-t border-slate-200 px-5 py-8 text-center text-sm text-slate-500">
            Nothing to preview yet: this draft has no content.
          </p>
        )}
      </section>
    </div>
  );
}
