// GET /api/v1/openapi.json – the OpenAPI 3.1 document of this API (public, no key)
import { openApiDocument } from "@/server/openapi/document";

export const dynamic = "force-dynamic";

export function GET() {
  return Response.json(openApiDocument(), { headers: { "Cache-Control": "public, max-age=300" } });
}
