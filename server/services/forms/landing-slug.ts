// The slug of a form's hosted page (/f/<slug>): unique across the installation (the Form.slug column), given by the
// client or generated from the form's name, with a short random suffix when the plain one is taken.
import { randomBytes } from "node:crypto";
import { db } from "@/server/db/client";
import { AppError, isUniqueViolation } from "@/server/errors";
import type { LandingPageMeta } from "@/lib/schemas/forms";

export function slugBase(name: string): string {
  const base = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, 60)
    .replace(/^-+|-+$/g, "");
  return base || "form";
}

const withSuffix = (base: string) => `${base}-${randomBytes(3).toString("hex")}`;

export const slugTaken = () =>
  new AppError("VALIDATION", "The request body is invalid.", [
    { pointer: "#/landingPageMeta/slug", detail: "This slug is taken: landing-page slugs are unique." },
  ]);

/** A free slug for `name`: the plain one when no form has it, else with a suffix. */
async function freeSlug(name: string): Promise<string> {
  const base = slugBase(name);
  const taken = await db().form.findUnique({ where: { slug: base }, select: { id: true } });
  return taken ? withSuffix(base) : base;
}

/**
 * What a write stores as landingPageMeta and slug. `slug` on the input is the client's choice; without one the
 * form keeps `currentSlug`, or gets one from `name`. A landing_page form always has one, so null meta becomes a
 * generated slug for it; other types may carry a page setup (kept for a switch back) or none. With `generatedFrom`
 * the meta's slug is a placeholder: writeWithSlug fills it in from that name.
 */
export type SlugPlan = { meta: LandingPageMeta | null; generatedFrom?: string };

export function planSlug(opts: {
  type: string;
  name: string;
  input: (Partial<LandingPageMeta> & object) | null | undefined;
  current: LandingPageMeta | null;
}): SlugPlan | undefined {
  const { type, name, input, current } = opts;
  if (input === undefined) {
    if (type !== "landing_page" || current?.slug) return undefined;
    return { meta: { slug: "" }, generatedFrom: name };
  }
  if (input === null) {
    if (type !== "landing_page") return { meta: null };
    return current?.slug ? { meta: { slug: current.slug } } : { meta: { slug: "" }, generatedFrom: name };
  }
  const slug = input.slug ?? current?.slug;
  return slug ? { meta: { ...input, slug } } : { meta: { ...input, slug: "" }, generatedFrom: name };
}

/**
 * Runs `write` with the planned meta and its slug. A slug the client chose that another form holds is a 422 on
 * `#/landingPageMeta/slug` (the unique index decides, so two writes racing for one slug cannot both win); a
 * generated one that lost such a race is generated again.
 */
export async function writeWithSlug<T>(
  plan: SlugPlan | undefined,
  write: (slugData: { landingPageMeta?: LandingPageMeta | null; slug?: string | null }) => Promise<T>,
): Promise<T> {
  if (!plan) return write({});
  for (let attempt = 0; ; attempt++) {
    const meta =
      plan.meta && plan.generatedFrom
        ? { ...plan.meta, slug: await generated(plan.generatedFrom, attempt) }
        : plan.meta;
    try {
      return await write({ landingPageMeta: meta, slug: meta?.slug ?? null });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (!plan.generatedFrom) throw slugTaken();
      if (attempt >= 4) throw error;
    }
  }
}

const generated = (name: string, attempt: number) =>
  attempt === 0 ? freeSlug(name) : Promise.resolve(withSuffix(slugBase(name)));
