// /f/{slug} – the hosted landing page of a published landing_page form: server-rendered (meta tags, a form that
// posts without JavaScript), then enhanced by embed.js. Anything not live is a 404 at once: nothing is cached.
import { cache } from "react";
import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { appUrl } from "@/server/config";
import { loadPublicFormBySlug } from "@/server/forms/public-form";
import { errorColor, FONTS, LandingForm } from "./_components/landing-form";

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
  const error = first(query.error)?.slice(0, 500);
  const s = config.styles;
  const heading = config.heading || meta?.title || null;

  // What embed.js reads in the browser, the server fills in for a visitor without JavaScript.
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (!["submitted", "error"].includes(k)) search.set(k, first(v) ?? "");
  const pageUrl = `${appUrl()}/f/${slug}${search.size ? `?${search}` : ""}`;
  const hiddenValues = Object.fromEntries(
    config.fields.flatMap((f) =>
      f.type === "hidden" ? [[f.name, ((f.param && first(query[f.param])) || f.value || "").slice(0, 500)]] : [],
    ),
  );
  const referrer = (await headers()).get("referer");

  return (
    <main
      className="min-h-screen bg-gray-100 px-4 py-10 sm:py-16"
      style={{ fontFamily: FONTS[s.fontFamily], fontSize: s.fontSize }}
    >
      <div
        className="relative mx-auto overflow-hidden shadow-lg"
        style={{
          maxWidth: Math.max(s.maxWidth, 320),
          background: s.backgroundColor,
          color: s.textColor,
          borderRadius: s.borderRadius,
        }}
      >
        {meta?.imageUrl && (
          // Any host's image (the marketer's og:image): next/image would need every host allow-listed.
          // eslint-disable-next-line @next/next/no-img-element
          <img src={meta.imageUrl} alt="" className="max-h-72 w-full object-cover" />
        )}
        <div className="p-[1.5em] leading-normal">
          {heading && <h1 className="mb-[.3em] text-[1.6em] leading-tight font-bold">{heading}</h1>}
          {config.description && <p className="mb-[1em] whitespace-pre-line">{config.description}</p>}
          {submitted ? (
            <p role="status" className="text-[1.05em] font-semibold whitespace-pre-line">
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
                <LandingForm config={config} hiddenValues={hiddenValues} pageUrl={pageUrl} referrer={referrer} />
              </div>
              <script src="/embed.js" data-form={config.id} async />
            </>
          )}
        </div>
      </div>
    </main>
  );
}
