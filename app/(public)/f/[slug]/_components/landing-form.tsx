// The landing page's form as plain HTML: it posts urlencoded to the public submission URL and works without
// JavaScript (the browser's own `required`/`type=email` checks, the server's 303 back to the page). embed.js then
// draws the same form in a shadow root over it (client checks, no reload, the view count), so the look matches
// public/embed.js: same fonts, colours, spacing.
import type { CSSProperties, ReactNode } from "react";
import { NAME_MAX } from "@/lib/schemas/contacts";
import type { FormField, PublicForm } from "@/lib/schemas/forms";

export const FONTS: Record<PublicForm["styles"]["fontFamily"], string> = {
  system: 'system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif',
  sans: '"Helvetica Neue",Helvetica,Arial,sans-serif',
  serif: 'Georgia,Cambria,"Times New Roman",serif',
  mono: "ui-monospace,SFMono-Regular,Menlo,Consolas,monospace",
  rounded: 'ui-rounded,"SF Pro Rounded",Nunito,system-ui,sans-serif',
};

/** An error red readable on the form's background, light or dark (the same rule as embed.js). */
export function errorColor(background: string): string {
  const luminance = [0.2126, 0.7152, 0.0722].reduce((sum, weight, i) => {
    const v = parseInt(background.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return sum + weight * (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
  }, 0);
  return luminance > 0.3 ? "#b91c1c" : "#fca5a5";
}

/** Text whose markdown links [label](url) become links (http, https and mailto only), like embed.js. */
export function RichText({ text }: { text: string }) {
  const out: ReactNode[] = [];
  const re = /\[([^\]]+)\]\(([^)\s]+)\)/g;
  let last = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const [whole, label, href = ""] = m;
    out.push(text.slice(last, m.index));
    out.push(
      /^(https?:\/\/|mailto:)/i.test(href) ? (
        <a key={m.index} href={href} target="_blank" rel="noopener noreferrer" className="underline">
          {label}
        </a>
      ) : (
        whole
      ),
    );
    last = re.lastIndex;
  }
  out.push(text.slice(last));
  return <>{out}</>;
}

const AUTOCOMPLETE: Partial<Record<FormField["type"], string>> = {
  email: "email",
  first_name: "given-name",
  last_name: "family-name",
};

/**
 * What a field the server refused needs, said from the form's own definition: after a plain post the page is told
 * only which fields to correct (?field=email), never the server's words, so it cannot be made to show any text.
 */
export function fieldHint(field: FormField, config: Pick<PublicForm, "customFields">): string {
  switch (field.type) {
    case "email":
      return "Enter a valid email address, like name@example.com.";
    case "first_name":
    case "last_name":
      return `Enter your ${field.label.toLowerCase()} (at most ${NAME_MAX} characters).`;
    case "checkbox":
      return "Please tick this box.";
    case "consent":
      return "Please give your consent to subscribe.";
    case "custom": {
      const options = field.options?.length ? field.options : config.customFields?.[field.name]?.options;
      if (options?.length) return `Choose one of: ${options.join(", ")}.`;
      const type = config.customFields?.[field.name]?.type;
      if (type === "number") return "Enter a number.";
      if (type === "date") return "Enter a date, like 2026-06-01.";
      return field.required ? `Fill in ${field.label.toLowerCase()}.` : `Check ${field.label.toLowerCase()}.`;
    }
    default:
      return "Check this field.";
  }
}

type Props = {
  config: PublicForm;
  /** The hidden fields' values: from the page's own query string (?utm_campaign=…) or the field's fixed value. */
  hiddenValues: Record<string, string>;
  /** The page's address and the visitor's referrer, sent as _url and _ref (UTM source, traffic source). */
  pageUrl: string;
  referrer: string | null;
  /** Names of the fields the server refused on the last plain post (already checked against the form). */
  invalid?: string[];
};

export function LandingForm({ config, hiddenValues, pageUrl, referrer, invalid = [] }: Props) {
  const s = config.styles;
  const inline = s.layout === "inline";
  const input: CSSProperties = {
    borderColor: s.inputBorderColor,
    borderRadius: s.borderRadius * 0.75,
  };
  const inputClass =
    "min-h-[2.75em] w-full border bg-white px-[.75em] py-[.55em] text-gray-900 placeholder:text-gray-500";
  const error = errorColor(s.backgroundColor);
  const req = (
    <span aria-hidden="true" className="ml-[.15em]" style={{ color: error }}>
      *
    </span>
  );
  return (
    <form
      method="post"
      action={config.submitUrl}
      className={`flex gap-[.85em] ${inline ? "flex-row flex-wrap items-start" : "flex-col"}`}
    >
      {config.fields.map((f) => {
        const id = `f-${f.name}`;
        const refused = invalid.includes(f.name);
        const problem = refused ? { "aria-invalid": true, "aria-describedby": `${id}-err` } : {};
        const look = refused ? { ...input, borderColor: error, boxShadow: `0 0 0 1px ${error}` } : input;
        const hint = refused && (
          <p id={`${id}-err`} className="text-[.85em] font-semibold" style={{ color: error }}>
            {fieldHint(f, config)}
          </p>
        );
        if (f.type === "hidden")
          return <input key={f.name} type="hidden" name={f.name} value={hiddenValues[f.name] ?? ""} />;
        if (f.type === "checkbox" || f.type === "consent")
          return (
            <div key={f.name} className="basis-full">
              <label htmlFor={id} className="flex items-start gap-[.55em] text-[.9em]">
                <input
                  id={id}
                  name={f.name}
                  type="checkbox"
                  value="true"
                  required={f.type === "consent" || f.required}
                  className="mt-[.2em] size-[1.15em] flex-none"
                  style={{ accentColor: s.buttonColor }}
                  {...problem}
                />
                <span>
                  {f.type === "consent" ? <RichText text={f.label} /> : f.label}
                  {(f.type === "consent" || f.required) && req}
                </span>
              </label>
              {hint}
            </div>
          );
        const required = f.type === "email" || f.required;
        return (
          <div key={f.name} className={`flex min-w-0 flex-col gap-[.3em] ${inline ? "flex-[1_1_12em]" : ""}`}>
            <label htmlFor={id} className="text-[.9em] font-semibold">
              {f.label}
              {required && req}
            </label>
            {f.type === "custom" && f.options?.length ? (
              <select
                id={id}
                name={f.name}
                required={required}
                className={inputClass}
                style={look}
                defaultValue=""
                {...problem}
              >
                <option value="">{f.placeholder || "Choose…"}</option>
                {f.options.map((o) => (
                  <option key={o} value={o}>
                    {o}
                  </option>
                ))}
              </select>
            ) : (
              <input
                id={id}
                name={f.name}
                type={f.type === "email" ? "email" : "text"}
                required={required}
                placeholder={f.placeholder ?? undefined}
                autoComplete={AUTOCOMPLETE[f.type]}
                className={inputClass}
                style={look}
                {...problem}
              />
            )}
            {hint}
          </div>
        );
      })}
      {/* Bots fill in every input they find; people never see or reach this one. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor="f-hp">Leave empty</label>
        <input id="f-hp" name="_hp" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <input type="hidden" name="_t" value={config.renderToken} />
      <input type="hidden" name="_url" value={pageUrl} />
      {referrer && <input type="hidden" name="_ref" value={referrer} />}
      <button
        type="submit"
        className={`min-h-[2.75em] px-[1.25em] py-[.65em] font-semibold ${inline ? "mt-[1.65em]" : ""}`}
        style={{ background: s.buttonColor, color: s.buttonTextColor, borderRadius: s.borderRadius }}
      >
        {s.buttonText}
      </button>
      {(config.consentStatement || config.privacyPolicyUrl) && (
        <p className="basis-full text-[.8em]">
          {config.consentStatement && <RichText text={config.consentStatement} />}
          {config.consentStatement && config.privacyPolicyUrl && " "}
          {config.privacyPolicyUrl && (
            <a href={config.privacyPolicyUrl} target="_blank" rel="noopener noreferrer" className="underline">
              Privacy policy
            </a>
          )}
        </p>
      )}
    </form>
  );
}
