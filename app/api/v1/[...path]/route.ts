// ANY /api/v1/* – unknown API paths answer a problem body, never an HTML page
import { problem } from "@/server/http/problem";

const notFound = (req: Request) =>
  problem(404, "There is no API endpoint at this path. See /api/v1/openapi.json.", new URL(req.url).pathname);

export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
