// What a broadcast email is made of, before it is rendered: the renderer (emails/compile.ts) takes it, the sending
// engine builds it from a broadcast, and sample content for tests and demos is written in it.
export type EmailContent = {
  subject: string;
  previewText: string | null;
  /** Stored JSON is accepted as it is and parsed by the renderer with ZBlocks; content that fails the schema throws. */
  blocks: unknown;
  theme: string;
  footerStyles: unknown;
  workspace: { name: string; postalAddress: string | null };
};
