// An email's HTML in a sandboxed iframe: no scripts, no same-origin access to the dashboard, and links that open in
// a new tab outside the sandbox (they are live: in the Outbox they are the app's own tracking URLs).
const BASE = '<base target="_blank">';

/** `<base target="_blank">` first thing in <head>, so every link opens a tab instead of navigating the frame. */
export function withLinksInNewTab(html: string): string {
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (!head) return `${BASE}${html}`;
  const end = head.index + head[0].length;
  return `${html.slice(0, end)}${BASE}${html.slice(end)}`;
}

export function EmailFrame({ html, title, className }: { html: string; title: string; className?: string }) {
  return (
    <iframe
      title={title}
      srcDoc={withLinksInNewTab(html)}
      sandbox="allow-popups allow-popups-to-escape-sandbox"
      referrerPolicy="no-referrer"
      className={className ?? "h-[640px] w-full rounded-b-lg bg-white"}
    />
  );
}
