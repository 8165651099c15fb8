"use client";
import { useId } from "react";
import clsx from "clsx";
import { controlClasses, FieldError, FieldHint, Label } from "@/components/ui/field";
import { FormDialog } from "@/components/ui/form-dialog";
import { RadioCards } from "@/components/ui/radio-cards";
import { Select } from "@/components/ui/select";
import { TextField } from "@/components/ui/text-field";

type Scope = "read" | "write";

const scopes: { value: Scope; label: string; detail: string }[] = [
  {
    value: "read",
    label: "Read — reads only",
    detail: "For dashboards and reporting: every GET and the segment preview. Cannot change anything.",
  },
  {
    value: "write",
    label: "Write — read and change everything",
    detail: "For sign-up forms, imports and integrations.",
  },
];

type Expiry = "never" | "30" | "90" | "365" | "custom";
const expiries: { value: Expiry; label: string }[] = [
  { value: "never", label: "Never" },
  { value: "30", label: "In 30 days" },
  { value: "90", label: "In 90 days" },
  { value: "365", label: "In 1 year" },
  { value: "custom", label: "On a date…" },
];

/** The date part of a local day, as `<input type="date">` reads and writes it. */
const localDay = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;

/**
 * The instant the key stops working, or an error for the field. A chosen date means through the end of that day in
 * the person's own time zone, which is what "expires on 3 March" reads as.
 */
export function expiryInstant(
  expiry: Expiry,
  date: string,
  now = new Date(),
): { iso: string | null } | { error: string } {
  if (expiry === "never") return { iso: null };
  if (expiry !== "custom") return { iso: new Date(now.getTime() + Number(expiry) * 86_400_000).toISOString() };
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return { error: "Choose the date the key stops working." };
  const end = new Date(`${date}T23:59:59.999`);
  if (Number.isNaN(end.getTime())) return { error: "Choose a valid date." };
  if (end.getTime() <= now.getTime()) return { error: "Choose a date in the future." };
  return { iso: end.toISOString() };
}

type CreateApiKeyDialogProps = {
  open: boolean;
  pending: boolean;
  error: unknown;
  onClose: () => void;
  onSubmit: (input: { name: string; scope: Scope; expiresAt: string | null }) => void;
};

type Values = { name: string; scope: Scope; expiry: Expiry; date: string };
// Least privilege by default.
const initial: Values = { name: "", scope: "read", expiry: "never", date: "" };

export function CreateApiKeyDialog({ open, pending, error, onClose, onSubmit }: CreateApiKeyDialogProps) {
  const ids = { expiry: useId(), date: useId() };
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title="Create API key"
      description="The key can call the API for this workspace only."
      initialValues={initial}
      fields={["name", "expiresAt"]}
      submitLabel="Create key"
      pending={pending}
      error={error}
      validate={({ expiry, date }) => {
        const instant = expiryInstant(expiry, date);
        return "error" in instant ? { expiresAt: instant.error } : null;
      }}
      onSubmit={({ name, scope, expiry, date }) => {
        const instant = expiryInstant(expiry, date);
        if ("iso" in instant) onSubmit({ name, scope, expiresAt: instant.iso });
      }}
    >
      {({ values: { scope, expiry, date }, set, errors, bind }) => {
        const dateError = errors.fields.expiresAt;
        return (
          <>
            <TextField
              label="Name"
              {...bind("name")}
              required
              maxLength={80}
              autoComplete="off"
              placeholder="Website sign-up form"
              hint="So you can tell your keys apart later."
            />
            <RadioCards legend="Scope" name="scope" options={scopes} value={scope} onChange={(s) => set("scope", s)} />
            <div className="grid gap-4 sm:grid-cols-2">
              <div>
                <Label htmlFor={ids.expiry}>Expires</Label>
                <Select
                  id={ids.expiry}
                  className="mt-1.5 w-full"
                  value={expiry}
                  onChange={(e) => set("expiry", e.target.value as Expiry)}
                >
                  {expiries.map((x) => (
                    <option key={x.value} value={x.value}>
                      {x.label}
                    </option>
                  ))}
                </Select>
                {expiry !== "custom" && dateError && <FieldError>{dateError}</FieldError>}
              </div>
              {expiry === "custom" && (
                <div>
                  <Label htmlFor={ids.date}>Expiry date</Label>
                  <input
                    id={ids.date}
                    type="date"
                    value={date}
                    min={localDay(new Date())}
                    onChange={(e) => set("date", e.target.value)}
                    aria-invalid={dateError ? true : undefined}
                    aria-describedby={`${ids.date}-note`}
                    className={clsx(controlClasses, "mt-1.5 w-full")}
                  />
                  {dateError ? (
                    <FieldError id={`${ids.date}-note`}>{dateError}</FieldError>
                  ) : (
                    <FieldHint id={`${ids.date}-note`}>The key works until the end of that day.</FieldHint>
                  )}
                </div>
              )}
            </div>
          </>
        );
      }}
    </FormDialog>
  );
}
