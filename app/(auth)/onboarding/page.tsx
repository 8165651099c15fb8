import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AuthCard } from "../_components/auth-card";
import { hasAnyUser } from "@/server/services/users/create-first-user";
import { OnboardingForm } from "./_components/onboarding-form";

export const metadata: Metadata = { title: "Set up Sendwell" };
// Reads the database on every request: onboarding closes the moment the first user exists.
export const dynamic = "force-dynamic";

export default async function OnboardingPage() {
  if (await hasAnyUser()) redirect("/signin");
  return (
    <AuthCard
      title="Set up Sendwell"
      description="Create the first account and its workspace. You can invite others later, from Settings → Team."
    >
      <OnboardingForm />
    </AuthCard>
  );
}
