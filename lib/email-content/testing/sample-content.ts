// One email that uses every block type: for unit tests, the rendered sample, and anyone who needs a realistic
// piece of content (demo data, benchmarks).
import type { EmailContent } from "../content";

export const SAMPLE_CONTENT: EmailContent = {
  subject: "Hello {{firstName|there}}, the spring sale is on",
  previewText: "Everything 20% off for {{firstName|you}}",
  theme: "default",
  footerStyles: { text: "Questions? [Write to us](mailto:hi@example.com)." },
  workspace: { name: "Acme Shop", postalAddress: "1 Main Street\nSpringfield, 12345" },
  blocks: [
    { type: "heading", text: "Hi {{firstName|there}}, the **spring sale** is on", level: 1 },
    {
      type: "text",
      text:
        "Dear {{firstName|friend}},\nour *biggest* sale of the year starts now. Read " +
        "[the details](https://example.com/sale?e={{email}}) or [our blog](https://example.com/blog).\n" +
        "Escaped \\*stars\\*.",
    },
    {
      type: "image",
      src: "https://placehold.co/600x200/png",
      alt: "Sale banner for {{firstName}}",
      href: "https://example.com/sale?e={{email}}",
    },
    { type: "button", text: "Shop **now**", href: "https://example.com/shop" },
    { type: "divider" },
    {
      type: "columns",
      columns: [
        {
          blocks: [
            { type: "heading", text: "Shoes", level: 3 },
            { type: "text", text: "Fresh pairs for {{company|your team}}." },
          ],
        },
        {
          blocks: [
            { type: "heading", text: "Shirts", level: 3 },
            { type: "text", text: "Soft cotton, [see them](https://example.com/shirts)." },
          ],
        },
      ],
    },
    { type: "spacer", height: 16 },
    { type: "quote", text: "Best shop in town.", cite: "{{city|A customer}}" },
    {
      type: "html",
      html:
        '<p style="color:#555555" onclick="alert(1)">Raw <b>HTML</b> with <a href="https://example.com/raw">a ' +
        'link</a> and <a href="javascript:alert(1)">a bad one</a><script>alert(1)</script></p>',
    },
    {
      type: "social",
      links: [
        { network: "instagram", url: "https://instagram.com/acme" },
        { network: "x", url: "https://x.com/acme" },
      ],
    },
  ],
};
