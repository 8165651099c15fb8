// The hosted page around a landing_page form: a full-width page in the form's colours and font, a hero with the
// heading, the description and the share image (beside the text on wide screens, under it on phones), then the form
// on a card below. Plain server-rendered HTML and CSS: it looks the same without JavaScript.
import type { CSSProperties, ReactNode } from "react";
import type { PublicForm } from "@/lib/schemas/forms";
import { FONTS } from "./landing-form";

type Props = {
  styles: PublicForm["styles"];
  heading: string | null;
  description: string | null;
  imageUrl: string | null;
  /** The card's content: the form, or the thank-you after a plain post. */
  children: ReactNode;
};

export function LandingLayout({ styles: s, heading, description, imageUrl, children }: Props) {
  const page: CSSProperties = {
    background: s.backgroundColor,
    color: s.textColor,
    fontFamily: FONTS[s.fontFamily],
    fontSize: s.fontSize,
  };
  // The hero is the page's colour with a wash of the button colour: the brand shows, the text keeps its contrast.
  const hero: CSSProperties = {
    background: `linear-gradient(180deg, color-mix(in srgb, ${s.buttonColor} 18%, ${s.backgroundColor}) 0%, ${s.backgroundColor} 100%)`,
    borderTop: `4px solid ${s.buttonColor}`,
  };
  const card: CSSProperties = {
    maxWidth: Math.max(s.maxWidth, 320),
    background: s.backgroundColor,
    borderRadius: Math.max(s.borderRadius, 4),
    border: `1px solid color-mix(in srgb, ${s.textColor} 14%, transparent)`,
    boxShadow: "0 1px 2px rgb(0 0 0 / .06), 0 12px 32px -8px rgb(0 0 0 / .18)",
  };
  return (
    <main className="flex min-h-screen flex-col leading-normal" style={page}>
      <header style={hero}>
        <div
          className={`mx-auto grid max-w-6xl gap-[2em] px-[1.25em] pt-[3em] pb-[2.5em] sm:px-[2em] sm:pt-[4.5em] lg:pb-[3.5em] ${
            imageUrl ? "lg:grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)] lg:items-center lg:gap-[3.5em]" : "text-center"
          }`}
        >
          <div className={imageUrl ? "" : "mx-auto max-w-3xl"}>
            {heading && (
              <h1 className="text-[2em] leading-[1.1] font-bold tracking-tight text-balance sm:text-[2.75em] lg:text-[3.25em]">
                {heading}
              </h1>
            )}
            {description && (
              <p className="mt-[.9em] max-w-[38em] text-[1.15em] whitespace-pre-line sm:text-[1.25em]">{description}</p>
            )}
          </div>
          {imageUrl && (
            // Any host's image (the marketer's og:image): next/image would need every host allow-listed. It
            // illustrates the heading beside it, which says what it shows: decorative, so no alt text to read twice.
            // eslint-disable-next-line @next/next/no-img-element
            <img
              src={imageUrl}
              alt=""
              className="aspect-[1.91/1] w-full object-cover shadow-xl"
              style={{ borderRadius: Math.max(s.borderRadius, 4) * 1.5 }}
            />
          )}
        </div>
      </header>
      <div className="flex-1 px-[1.25em] pb-[4em] sm:px-[2em]">
        <section
          aria-label={heading ?? "Sign up"}
          className="relative mx-auto w-full p-[1.5em] sm:p-[2em]"
          style={card}
        >
          {children}
        </section>
      </div>
    </main>
  );
}
