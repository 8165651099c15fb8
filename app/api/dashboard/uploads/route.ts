// GET /api/dashboard/uploads – the workspace's 24 most recent images; POST /api/dashboard/uploads – upload an image
// for the composer (multipart/form-data, field `file`) → 201 { data: { id, url, fileName, … } }.
import { withSession } from "@/server/http/with-session";
import { createUpload } from "@/server/services/uploads/create-upload";
import { listUploads } from "@/server/services/uploads/list-uploads";
import { readUploadForm } from "@/server/services/uploads/read-upload-form";

export const GET = withSession("broadcasts", {}, async ({ workspaceId }) =>
  Response.json(await listUploads({ workspaceId, limit: 24 })),
);

export const POST = withSession("broadcasts.write", {}, async ({ workspaceId, userId, req }) => {
  const file = await readUploadForm(req);
  const data = await createUpload({ workspaceId, userId, fileName: file.name, bytes: file.bytes });
  return Response.json({ data }, { status: 201 });
});
