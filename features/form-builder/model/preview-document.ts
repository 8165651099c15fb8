// The document of the builder's preview frame: a stand-in page (so a popup, bar or slide-in shows over something),
// the embed script, and a listener that renders each config the builder posts. Kept as a string because the frame
// is a srcdoc with an opaque origin.
export const PREVIEW_MESSAGE = "sendwell:preview";
export const PREVIEW_READY = "sendwell:preview-ready";

const escapeAttr = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

export function previewDocument(scriptUrl: string): string {
  const line = (w: number) => `<div class="l" style="width:${w}%"></div>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Form preview</title>
<style>
  body{margin:0;font-family:system-ui,sans-serif;background:#fff;color:#334155}
  main{padding:24px;max-width:720px;margin:0 auto}
  .l{height:10px;border-radius:5px;background:#e2e8f0;margin:10px 0}
  .h{height:18px;width:55%;border-radius:6px;background:#cbd5e1;margin:8px 0 18px}
  #slot{margin:24px 0}
  #error{display:none;padding:12px;border-radius:8px;background:#fef2f2;color:#b91c1c;font-size:14px}
</style></head>
<body><main aria-label="Example page">
<div class="h"></div>${[96, 88, 92, 70].map(line).join("")}
<div id="slot"></div>
${[94, 85, 90, 60, 92, 80].map(line).join("")}
<p id="error" role="alert"></p>
</main>
<script src="${escapeAttr(scriptUrl)}"></script>
<script>
(function () {
  var slot = document.getElementById("slot");
  window.addEventListener("message", function (event) {
    if (event.source !== parent || !event.data || event.data.type !== "${PREVIEW_MESSAGE}") return;
    var error = document.getElementById("error");
    try {
      window.SendwellForms.render(slot, event.data.config, { preview: true });
      error.style.display = "none";
    } catch (e) {
      error.textContent = "The preview could not render: " + (e && e.message);
      error.style.display = "block";
    }
  });
  parent.postMessage({ type: "${PREVIEW_READY}" }, "*");
})();
</script></body></html>`;
}
