// The allowlist for the raw-HTML block. It runs twice: when blocks are written (so what is stored and shown back is
// what will be sent) and again at render (so a row written before a rule changed, or by hand, is still made safe).
import sanitizeHtml from "sanitize-html";
import { isSafeLinkUrl } from "./links";

const TEXT_TAGS = ["p", "br", "span", "div", "b", "strong", "i", "em", "u", "s", "small", "sup", "sub", "code", "pre"];
const STRUCTURE_TAGS = ["h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "blockquote", "hr", "center"];
const TABLE_TAGS = ["table", "thead", "tbody", "tfoot", "tr", "td", "th", "caption"];

const CELL_ATTRIBUTES = ["align", "valign", "width", "height", "colspan", "rowspan", "bgcolor"];

// Email clients ignore <style> sheets unevenly, so inline styles are how HTML email is written; only layout and
// typography properties are kept, and no value may call a function other than rgb()/rgba() (no url(), expression()).
const plainValue = /^[#\w\s.,%'"!/-]*$/;
const colourValue = /^(#[0-9a-f]{3,8}|[a-z]+|rgba?\(\s*[\d.%\s,]+\))$/i;
const STYLE_PROPERTIES: Record<string, RegExp[]> = Object.fromEntries(
  [
    "font-size",
    "font-weight",
    "font-style",
    "font-family",
    "text-align",
    "text-decoration",
    "text-transform",
    "line-height",
    "letter-spacing",
    "vertical-align",
    "white-space",
    "width",
    "max-width",
    "min-width",
    "height",
    "display",
    "padding",
    "padding-top",
    "padding-right",
    "padding-bottom",
    "padding-left",
    "margin",
    "margin-top",
    "margin-right",
    "margin-bottom",
    "margin-left",
    "border-radius",
    "border-collapse",
    "border-width",
    "border-style",
  ]
    .map((p): [string, RegExp[]] => [p, [plainValue]])
    .concat(
      ["color", "background-color", "border-color"].map((p): [string, RegExp[]] => [p, [colourValue]]),
      ["border", "border-top", "border-right", "border-bottom", "border-left"].map((p): [string, RegExp[]] => [
        p,
        [/^[\w\s.#%-]*$|^[\w\s.%-]*rgba?\(\s*[\d.%\s,]+\)$/i],
      ]),
    ),
);

export type SanitizeOptions = {
  /** Replaces each kept link's href (already checked to be http(s) or mailto:), e.g. with a click-tracking slot. */
  rewriteHref?: (url: string) => string;
  /** Colour for links the author left unstyled: clients' default blue is unreadable on the dark theme. */
  linkColor?: string;
  /** Told of each href removed because it is not a safe link (the block schema reports some of them). */
  onRefusedHref?: (href: string) => void;
};

/** Cleans author HTML for an email body: an allowlist of tags, attributes, styles and URL schemes. */
export function sanitizeEmailHtml(html: string, options: SanitizeOptions = {}): string {
  return sanitizeHtml(html, {
    allowedTags: [...TEXT_TAGS, ...STRUCTURE_TAGS, ...TABLE_TAGS, "a", "img"],
    allowedAttributes: {
      "*": ["style", "align", "dir", "title"],
      a: ["href", "target", "name"],
      img: ["src", "alt", "width", "height", "border"],
      table: ["width", "border", "cellpadding", "cellspacing", "role", "bgcolor"],
      td: CELL_ATTRIBUTES,
      th: CELL_ATTRIBUTES,
      tr: ["valign", "bgcolor"],
      ol: ["start", "type"],
    },
    allowedStyles: { "*": STYLE_PROPERTIES },
    allowedSchemes: ["http", "https", "mailto"],
    allowedSchemesByTag: { img: ["http", "https"] },
    allowProtocolRelative: false,
    // Dropped with their content: nothing of a script, a style sheet or a form's controls reaches the email.
    nonTextTags: ["script", "style", "textarea", "option", "noscript", "title", "head", "select", "button", "iframe"],
    disallowedTagsMode: "discard",
    transformTags: {
      a: (tagName, attribs) => {
        const { href, target, ...rest } = attribs;
        const kept: Record<string, string> = { ...rest };
        // Checked here as well as by allowedSchemes: a rewritten href no longer shows the scheme it came from.
        if (href !== undefined && isSafeLinkUrl(href.trim())) {
          kept.href = options.rewriteHref ? options.rewriteHref(href.trim()) : href.trim();
        } else if (href !== undefined) {
          options.onRefusedHref?.(href.trim());
        }
        if (target === "_blank") kept.target = "_blank";
        if (kept.href !== undefined && options.linkColor && !/(^|;)\s*color\s*:/i.test(kept.style ?? "")) {
          kept.style = `color:${options.linkColor}${kept.style ? `;${kept.style}` : ""}`;
        }
        return { tagName, attribs: kept };
      },
    },
  });
}
