import { describe, expect, it } from "vitest";
import { previewDocument, PREVIEW_MESSAGE, PREVIEW_READY } from "./preview-document";

describe("previewDocument", () => {
  it("loads the embed script, listens for the builder's config and says when it is ready", () => {
    const html = previewDocument("http://localhost:3000/embed.js");
    expect(html).toContain('<script src="http://localhost:3000/embed.js"></script>');
    expect(html).toContain(`event.data.type !== "${PREVIEW_MESSAGE}"`);
    expect(html).toContain(`{ preview: true }`);
    expect(html).toContain(`parent.postMessage({ type: "${PREVIEW_READY}" }, "*")`);
  });

  it("only accepts messages from the builder that framed it", () => {
    expect(previewDocument("/embed.js")).toContain("event.source !== parent");
  });

  it("cannot be broken out of by the script address", () => {
    const html = previewDocument('https://x.test/"></script><script>alert(1)</script>');
    expect(html).not.toContain("<script>alert(1)");
    expect(html).toContain("&quot;&gt;&lt;/script&gt;");
  });
});
