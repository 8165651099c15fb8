// /f/{slug} – the hosted landing page of a published landing_page form: server-rendered (meta tags, a form that
// posts without JavaScript), then enhanced by embed.js. Anything not live is a 404 at once: nothing is cached.
// A refused plain post comes back as ?error=<code>&field=<name>: the page shows its own text for the code and marks
// those fields; text in the URL is never shown (form-problems.ts).
import { cache } from "react";
import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { appUrl } from "@/server/config";
import { formProblemText } from "@/server/services/public-forms/form-problems";
import { loadPublicFormBySlug } from "@/server/services/public-forms/public-form";
import { errorColor, LandingForm } from "./_components/landing-form";
import { LandingLayout } from "./_components/landing-layout";

export const dynamic = "force-dynamic";

type Props = {
  params: Promise<{ slug: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

// generateMetadata and the page read the same form once per request.
const load = cache(async (slug: string) => loadPublicFormBySlug(slug));

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const form = await load((await params).slug);
  if (!form) notFound();
  const { config, meta } = form;
  const title = meta?.title || config.heading || "Subscribe";
  const description = meta?.description || config.description || undefined;
  const url = `${appUrl()}/f/${meta?.slug ?? (await params).slug}`;
  return {
    // The marketer's page is theirs: no " · Sendwell" suffix from the root layout's template.
    title: { absolute: title },
    description,
    alternates: { canonical: url },
    openGraph: {
      type: "website",
      url,
      title,
      description,
      images: meta?.imageUrl ? [{ url: meta.imageUrl }] : undefined,
    },
    twitter: { card: meta?.imageUrl ? "summary_large_image" : "summary", title, description },
  };
}

export default async function LandingPage({ params, searchParams }: Props) {
  const { slug } = await params;
  const form = await load(slug);
  if (!form) notFound();
  const { config, meta } = form;
  const query = await searchParams;
  const submitted = first(query.submitted) === "1";
  // After a refused plain post: the refusal's code and the fields to correct. Only our own texts are shown for them.
  const error = formProblemText(first(query.error));
  const fieldNames = new Set(config.fields.map((f) => f.name));
  const asked = query.field === undefined ? [] : [query.field].flat();
  const invalid = error ? asked.filter((name) => fieldNames.has(name)) : [];

  // What embed.js reads in the browser, the server fills in for a visitor without JavaScript.
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query))
    if (!["submitted", "error", "field"].includes(k)) search.set(k, first(v) ?? "");
  const pageUrl = `${appUrl()}/f/${slug}${search.size ? `?${search}` : ""}`;
  const hiddenValues = Object.fromEntries(
    config.fields.flatMap((f) =>
      f.type === "hidden" ? [[f.name, ((f.param && first(query[f.param])) || f.value || "").slice(0, 500)]] : [],
    ),
  );
  const referrer = (await headers()).get("referer");
  const s = config.styles;

  return (
    <LandingLayout
      styles={s}
      heading={config.heading || meta?.title || null}
      description={config.description || meta?.description || null}
      imageUrl={meta?.imageUrl ?? null}
    >
      {submitted ? (
        <p role="status" className="text-[1.15em] font-semibold whitespace-pre-line">
          {config.successMessage}
        </p>
      ) : (
        <>
          {error && (
            <p role="alert" className="mb-[1em] font-semibold" style={{ color: errorColor(s.backgroundColor) }}>
              {error}
            </p>
          )}
          {/* embed.js attaches its shadow root here: the plain form below stays for browsers without it. */}
          <div data-sendwell-form={config.id} data-sendwell-bare="">
            <LandingForm
              config={config}
              hiddenValues={hiddenValues}
              pageUrl={pageUrl}
              referrer={referrer}
              invalid={invalid}
            />
          </div>
          <script src="/embed.js" data-form={config.id} async />
        </>
      )}
    </LandingLayout>
  );
}
