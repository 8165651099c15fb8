// GET /api/health – liveness for load balancers and `npm start`; no key, no database round trip
export const dynamic = "force-dynamic";

export function GET() {
  return Response.json({ status: "ok" });
}
