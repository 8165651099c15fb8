import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { Card } from "@/components/ui/card";
import { hasAnyUser } from "@/server/services/users/create-first-user";
import { OnboardingForm } from "./_components/onboarding-form";

export const metadata: Metadata = { title: "Set up Sendwell" };
// Reads the database on every request: onboarding closes the moment the first user exists.
export const dynamic = "force-dynamic";

export default async function OnboardingPage() {
  if (await hasAnyUser()) redirect("/signin");
  return (
    <Card className="px-6 py-7 shadow-sm sm:px-8">
      <h1 className="text-lg font-semibold text-slate-900">Set up Sendwell</h1>
      <p className="mt-1 text-sm text-slate-500">
        Create the first account and its workspace. You can invite others later, from Settings → Team.
      </p>
      <OnboardingForm />
    </Card>
  );
}
