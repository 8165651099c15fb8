// "Skip to content": the first thing Tab reaches on a page, hidden until focused, so keyboard and screen-reader users
// jump past the navigation to the page's main element (which carries id="main" and tabIndex -1 to take the focus).
export const MAIN_ID = "main";

export function SkipLink() {
  return (
    <a
      href={`#${MAIN_ID}`}
      className="sr-only z-50 rounded-md bg-white px-3 py-2 text-sm font-medium text-brand-700 shadow-md ring-1 ring-slate-200 focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      Skip to content
    </a>
  );
}
