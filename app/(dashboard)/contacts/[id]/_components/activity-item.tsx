import type { ReactNode } from "react";
import type { ContactActivity } from "@/lib/schemas/contacts";
import type { CustomField } from "@/lib/schemas/custom-fields";
import type { FormName } from "@/lib/schemas/forms";
import type { Tag } from "@/lib/schemas/tags";
import { CheckIcon, TagIcon } from "@/components/ui/icons";
import { RelativeTime } from "@/components/ui/relative-time";
import { ContactSource, FormReference, sourceFormId } from "@/components/contacts/contact-source";
import { describeDeliveryActivity } from "@/lib/contacts/delivery-activity";
import {
  BounceIcon,
  FlagIcon,
  FormIcon,
  MailIcon,
  MailOpenIcon,
  PencilIcon,
  PointerIcon,
  SendIcon,
  UserMinusIcon,
  UserPlusIcon,
} from "@/components/ui/icons";

const ICONS: Record<string, { icon: ReactNode; tone: string }> = {
  subscribed: { icon: <UserPlusIcon />, tone: "bg-emerald-50 text-emerald-600" },
  unsubscribed: { icon: <UserMinusIcon />, tone: "bg-slate-100 text-slate-500" },
  "tag.added": { icon: <TagIcon />, tone: "bg-brand-50 text-brand-600" },
  "tag.removed": { icon: <TagIcon />, tone: "bg-slate-100 text-slate-500" },
  "field.changed": { icon: <PencilIcon />, tone: "bg-slate-100 text-slate-600" },
  "form.submitted": { icon: <FormIcon />, tone: "bg-sky-50 text-sky-600" },
  "email.sent": { icon: <SendIcon />, tone: "bg-slate-100 text-slate-600" },
  "email.delivered": { icon: <CheckIcon />, tone: "bg-emerald-50 text-emerald-600" },
  "email.opened": { icon: <MailOpenIcon />, tone: "bg-sky-50 text-sky-600" },
  "email.clicked": { icon: <PointerIcon />, tone: "bg-brand-50 text-brand-600" },
  "email.bounced": { icon: <BounceIcon />, tone: "bg-red-50 text-red-600" },
  "email.complained": { icon: <FlagIcon />, tone: "bg-red-50 text-red-600" },
};

const ATTRIBUTE_LABELS: Record<string, string> = {
  email: "Email",
  firstName: "First name",
  lastName: "Last name",
  status: "Status",
  timezone: "Time zone",
};

const show = (v: unknown) => (v === null || v === undefined || v === "" ? "empty" : `“${String(v)}”`);
const text = (v: unknown) => (typeof v === "string" ? v : undefined);

type Lookups = { tags: Map<string, Tag>; fields: CustomField[]; forms: Map<string, FormName> };

/**
 * A move to subscribed, said for what it was: the first confirmation of a double opt-in (from pending), a return
 * (from unsubscribed, bounced or complained: "again"), or a contact created subscribed (with where it came from).
 */
function subscribed(a: ContactActivity, forms: Map<string, FormName>): ReactNode {
  const from = text(a.data.from);
  const formId = text(a.data.formId) ?? a.formId;
  if (from === "pending") {
    if (a.data.via !== "double_opt_in") return "Subscribed";
    return formId ? (
      <>
        Confirmed their subscription from <FormReference formId={formId} forms={forms} />
      </>
    ) : (
      "Confirmed their subscription"
    );
  }
  if (from) return `Subscribed again (was ${from})`;
  const source = text(a.data.source);
  if (!source) return "Subscribed";
  return sourceFormId(source) ? (
    <>
      Subscribed through <FormReference formId={sourceFormId(source)!} forms={forms} />
    </>
  ) : (
    <>
      Subscribed (<ContactSource source={source} forms={forms} />)
    </>
  );
}

function describe(a: ContactActivity, { tags, fields, forms }: Lookups): ReactNode {
  const tagName = () => {
    const tag = tags.get(text(a.data.tagId) ?? "");
    return tag ? `“${tag.name}”` : "a deleted tag";
  };
  switch (a.type) {
    case "subscribed":
      return subscribed(a, forms);
    case "unsubscribed":
      return "Unsubscribed";
    case "tag.added":
      return `Tag ${tagName()} added`;
    case "tag.removed":
      return `Tag ${tagName()} removed`;
    case "field.changed": {
      const field = text(a.data.field) ?? "";
      const label = field.startsWith("fields.")
        ? (fields.find((f) => f.key === field.slice(7))?.label ?? field.slice(7))
        : (ATTRIBUTE_LABELS[field] ?? field);
      return `${label} changed from ${show(a.data.from)} to ${show(a.data.to)}`;
    }
    case "form.submitted":
      return a.formId ? (
        <>
          Submitted <FormReference formId={a.formId} forms={forms} />
        </>
      ) : (
        "Submitted a form"
      );
    case "email.clicked":
      return a.data.url ? `Clicked ${String(a.data.url)}` : "Clicked a link";
    case "email.bounced":
    case "email.complained":
      return describeDeliveryActivity(a.type, a.data)!.summary;
    default:
      return a.type.startsWith("email.") ? `Email ${a.type.slice(6)}` : a.type;
  }
}

/** Where a bounce or complaint report came from and what the receiving server said. */
function DeliveryReport({ activity }: { activity: ContactActivity }) {
  const report = describeDeliveryActivity(activity.type, activity.data);
  if (!report || (!report.source && !report.detail)) return null;
  return (
    <p className="text-xs break-words text-slate-500">
      {report.source && <>Reported by {report.source}</>}
      {report.source && report.detail && " · "}
      {report.detail && <span className="font-mono">{report.detail}</span>}
    </p>
  );
}

export function ActivityItem({ activity, lookups }: { activity: ContactActivity; lookups: Lookups }) {
  const { icon, tone } = ICONS[activity.type] ?? { icon: <MailIcon />, tone: "bg-slate-100 text-slate-500" };
  return (
    <li className="relative flex gap-3 pb-5 last:pb-0">
      <span
        className={`relative z-10 flex size-7 shrink-0 items-center justify-center rounded-full ring-4 ring-white ${tone}`}
      >
        {icon}
      </span>
      <div className="min-w-0 flex-1 pt-1">
        <p className="text-sm break-words text-slate-800">{describe(activity, lookups)}</p>
        <DeliveryReport activity={activity} />
        <RelativeTime iso={activity.createdAt} className="text-xs text-slate-500" />
      </div>
    </li>
  );
}
