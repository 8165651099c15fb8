// Where a page refuses a role (dashboardContext): what is out of reach, and who can help.
import Link from "next/link";
import { AREAS, forbiddenMessage, roleWithArticle, type Area } from "@/lib/permissions";
import { buttonClasses } from "@/components/ui/button-classes";
import { dashboardContext } from "../_lib/dashboard-context";

export const metadata = { title: "No access" };

export default async function NoAccessPage({ searchParams }: { searchParams: Promise<{ area?: string }> }) {
  const { workspace } = await dashboardContext("workspace");
  const asked = (await searchParams).area;
  const area = AREAS.find((a) => a === asked) as Area | undefined;
  return (
    <div className="mx-auto max-w-lg py-16 text-center">
      <p className="font-mono text-sm font-semibold text-brand-600">403</p>
      <h1 className="mt-2 text-2xl font-semibold tracking-tight text-slate-900">You can’t open this page</h1>
      <p className="mt-3 text-sm text-slate-600">
        {area ? forbiddenMessage(area) : "Your role in this workspace does not reach this page."} You are{" "}
        {roleWithArticle(workspace.role)} of {workspace.name}.
      </p>
      <div className="mt-8">
        <Link href="/" className={buttonClasses("primary")}>
          Go to the overview
        </Link>
      </div>
    </div>
  );
}
