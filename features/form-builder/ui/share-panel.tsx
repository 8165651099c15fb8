"use client";
import type { Form } from "@/lib/schemas/forms";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";

/** One line to paste into a site; the same script renders every type. */
export function embedSnippet(appUrl: string, formId: string): string {
  return `<script src="${appUrl}/embed.js" data-form="${formId}" async></script>`;
}

/** The embed snippet and, for landing pages, the page's link, each with a copy button. */
export function SharePanel({ form, appUrl }: { form: Form; appUrl: string }) {
  const snippet = embedSnippet(appUrl, form.id);
  const live = form.status === "published";
  return (
    <Card className="min-w-0">
      <CardHeader
        title="Share"
        description={
          live
            ? "The form is live: paste the snippet where it should appear (popups, bars and slide-ins anywhere in the page)."
            : "Publish the form first: until then the snippet renders nothing and the landing page answers 404."
        }
      />
      <CardBody className="space-y-4">
        <div>
          <p id="share-snippet-label" className="text-sm font-medium text-slate-800">
            Embed snippet
          </p>
          <div className="mt-1.5 flex items-start gap-2">
            <code
              aria-labelledby="share-snippet-label"
              data-testid="embed-snippet"
              className="min-w-0 flex-1 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 font-mono text-xs break-all text-slate-800"
            >
              {snippet}
            </code>
            <CopyButton value={snippet} label="Copy snippet" />
          </div>
        </div>
        {form.type === "landing_page" && form.landingPageUrl && (
          <div>
            <p id="share-link-label" className="text-sm font-medium text-slate-800">
              Landing page
            </p>
            <div className="mt-1.5 flex items-start gap-2">
              <a
                href={form.landingPageUrl}
                target="_blank"
                rel="noreferrer"
                aria-labelledby="share-link-label"
                data-testid="landing-page-link"
                className="min-w-0 flex-1 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 font-mono text-xs break-all text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                {form.landingPageUrl}
              </a>
              <CopyButton value={form.landingPageUrl} label="Copy link" />
            </div>
          </div>
        )}
      </CardBody>
    </Card>
  );
}
