"use client";
// "New automation": a name and where to start (blank, or one of the built-in templates), then the builder. The
// template fills the trigger, the steps and their emails; the builder is where they are changed.
import { useRouter } from "next/navigation";
import { FormDialog } from "@/components/ui/form-dialog";
import { RadioCards } from "@/components/ui/radio-cards";
import { TextField } from "@/components/ui/text-field";
import { useToast } from "@/components/ui/toast";
import { AUTOMATION_STARTS, type AutomationStart } from "../_lib/starts";
import { useCreateAutomation } from "./use-automation-mutations";

type Props = { workspaceId: string; open: boolean; onClose: () => void };
type Values = { name: string; start: AutomationStart };

export function NewAutomationDialog({ workspaceId, open, onClose }: Props) {
  const router = useRouter();
  const toast = useToast();
  const create = useCreateAutomation(workspaceId);
  const byKey = new Map(AUTOMATION_STARTS.map((s) => [s.value, s]));

  const submit = async ({ name, start }: Values) => {
    const chosen = byKey.get(start)!;
    const automation = await create.mutateAsync({
      name: name.trim() || chosen.name,
      ...(chosen.template ? { template: chosen.template } : { trigger: { type: "subscribed", formId: null } }),
    });
    toast.success(`Draft “${automation.name}” created.`);
    router.push(`/automations/${automation.id}/edit`);
  };

  return (
    <FormDialog<Values>
      open={open}
      onClose={() => (create.reset(), onClose())}
      title="New automation"
      description="It starts as a draft: nothing is sent until you activate it in the builder."
      size="lg"
      initialValues={{ name: "", start: "blank" }}
      submitLabel="Create and open the builder"
      onSubmit={submit}
      fields={["name", "start", "template", "trigger"]}
    >
      {({ values, set, errors }) => (
        <div className="space-y-5">
          <RadioCards
            legend="Start from"
            name="start"
            value={values.start}
            onChange={(start) => set("start", start)}
            options={AUTOMATION_STARTS.map((s) => ({ value: s.value, label: s.name, detail: s.description }))}
            error={errors.field("template") ?? errors.field("trigger")}
          />
          <TextField
            label="Name"
            hint="For you only; contacts never see it."
            value={values.name}
            onChange={(e) => set("name", e.target.value)}
            placeholder={byKey.get(values.start)!.name}
            maxLength={200}
            autoComplete="off"
            error={errors.field("name")}
          />
        </div>
      )}
    </FormDialog>
  );
}
