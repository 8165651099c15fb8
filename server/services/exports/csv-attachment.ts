// The response of every CSV download: UTF-8 text/csv, an attachment filename, and no caching of personal data.
export function csvAttachment(stream: ReadableStream<Uint8Array>, filename: string): Response {
  return new Response(stream, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename.replace(/["\\\r\n]/g, "_")}"`,
      "Cache-Control": "no-store",
    },
  });
}

/** contacts-YYYY-MM-DD.csv (UTC date of the export). */
export const contactsExportFilename = (now = new Date()) => `contacts-${now.toISOString().slice(0, 10)}.csv`;
