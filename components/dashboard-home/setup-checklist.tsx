// A new workspace's setup checklist: each step ticked when the database says it is done, each linking to where it
// is done. A step this role cannot do is shown without a link and says who does it; a role that can do none of
// them (a viewer) gets no checklist at all. Gone once every step is done.
import Link from "next/link";
import clsx from "clsx";
import { Card, CardHeader } from "@/components/ui/card";
import { ArrowRightIcon, CheckIcon } from "@/components/ui/icons";
import { can, ROLES, ROLE_LABEL, type Area, type Role } from "@/lib/permissions";
import { SETUP_STEP_INFO, SETUP_STEPS, setupComplete, type SetupProgress } from "@/lib/setup-steps";

/** "Owners and admins do this.": the roles that reach an area, as a sentence. */
function whoDoes(area: Area): string {
  const names = ROLES.filter((r) => can(r, area)).map((r) => `${ROLE_LABEL[r].toLowerCase()}s`);
  const list = names.length === 1 ? names[0]! : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
  return `${list.charAt(0).toUpperCase()}${list.slice(1)} do this.`;
}

export function SetupChecklist({ progress, role }: { progress: SetupProgress; role: Role }) {
  if (setupComplete(progress)) return null;
  if (!SETUP_STEPS.some((step) => can(role, SETUP_STEP_INFO[step].area))) return null;
  const done = SETUP_STEPS.filter((step) => progress[step]).length;
  return (
    <Card className="mb-6" data-testid="setup-checklist">
      <CardHeader
        title="Set up your workspace"
        description={`${done} of ${SETUP_STEPS.length} done. This list goes away once every step is.`}
      />
      <ol className="divide-y divide-slate-100">
        {SETUP_STEPS.map((step, i) => {
          const info = SETUP_STEP_INFO[step];
          const isDone = progress[step];
          const allowed = can(role, info.area);
          return (
            <li key={step} className="flex gap-4 px-5 py-4" data-testid={`setup-step-${step}`} data-done={isDone}>
              <span
                className={clsx(
                  "flex size-7 shrink-0 items-center justify-center rounded-full text-[13px] font-semibold",
                  isDone ? "bg-emerald-100 text-emerald-700" : "bg-brand-50 text-brand-700",
                )}
              >
                {isDone ? <CheckIcon className="size-4" /> : i + 1}
                <span className="sr-only">{isDone ? "Done: " : "To do: "}</span>
              </span>
              <div className="min-w-0 flex-1 text-sm">
                <h3 className={clsx("font-medium", isDone ? "text-slate-500 line-through" : "text-slate-900")}>
                  {allowed && !isDone ? (
                    <Link
                      href={info.href}
                      className="inline-flex items-center gap-1.5 rounded text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
                    >
                      {info.title}
                      <ArrowRightIcon className="size-3.5" />
                    </Link>
                  ) : (
                    info.title
                  )}
                </h3>
                {!isDone && (
                  <p className="mt-0.5 text-[13px] text-slate-600">
                    {info.description}
                    {!allowed && ` ${whoDoes(info.area)}`}
                  </p>
                )}
              </div>
            </li>
          );
        })}
      </ol>
    </Card>
  );
}
