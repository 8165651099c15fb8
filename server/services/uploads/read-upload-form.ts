// The `file` field of an image upload's multipart body, read with a cap: Request.formData() would buffer any size
// a client sends (a chunked body declares none), so the body is read piece by piece and cut off past the limit.
import { AppError } from "@/server/errors";
import { uploadConfig } from "@/server/config";
import { assertSize } from "./create-upload";

/** Room for the multipart boundaries and part headers around the file itself. */
const MULTIPART_OVERHEAD = 16 * 1024;

export async function readUploadForm(req: Request): Promise<{ name: string; bytes: Uint8Array }> {
  const type = req.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(type)) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Send the image as multipart/form-data in a field named file.");
  }
  const cap = uploadConfig.maxBytes() + MULTIPART_OVERHEAD;
  const declared = Number(req.headers.get("content-length") || 0);
  if (declared > cap) assertSize(declared - MULTIPART_OVERHEAD);
  const body = await readCapped(req, cap);
  let form: FormData;
  try {
    form = await new Response(body, { headers: { "content-type": type } }).formData();
  } catch {
    throw new AppError("BAD_REQUEST", "The multipart body could not be read.");
  }
  const file = form.get("file");
  if (!(file instanceof Blob)) {
    throw new AppError("VALIDATION", "Choose an image file to upload.", [{ pointer: "#/file", detail: "Required." }]);
  }
  assertSize(file.size);
  const name = "name" in file && typeof file.name === "string" ? file.name : "";
  return { name, bytes: new Uint8Array(await file.arrayBuffer()) };
}

async function readCapped(req: Request, cap: number): Promise<Uint8Array<ArrayBuffer>> {
  if (!req.body) return new Uint8Array(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    total += next.value.byteLength;
    if (total > cap) {
      await reader.cancel();
      assertSize(total - MULTIPART_OVERHEAD);
    }
    chunks.push(next.value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
