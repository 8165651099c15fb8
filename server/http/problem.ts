// RFC 7807 problem responses: the only shape any non-2xx from /api/v1 ever takes.
import { AppError, type FieldError } from "@/server/errors";
import { appUrl } from "@/server/config";

const titles: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  413: "Payload Too Large",
  415: "Unsupported Media Type",
  422: "Unprocessable Entity",
  429: "Too Many Requests",
  500: "Internal Server Error",
};

export type ProblemBody = {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance: string;
  errors?: FieldError[];
};

function problemBody(status: number, detail: string, instance: string, errors?: FieldError[]): ProblemBody {
  return {
    type: `${appUrl()}/docs/errors/${status}`,
    title: titles[status] ?? "Error",
    status,
    detail,
    instance,
    ...(errors ? { errors } : {}),
  };
}

export function problem(
  status: number,
  detail: string,
  instance: string,
  opts: { errors?: FieldError[]; headers?: HeadersInit } = {},
): Response {
  const headers = new Headers(opts.headers);
  headers.set("Content-Type", "application/problem+json");
  return new Response(JSON.stringify(problemBody(status, detail, instance, opts.errors)), { status, headers });
}

/** Any thrown value as a problem response. Unknown errors are logged and answered with a bland 500. */
export function problemFromError(error: unknown, instance: string, requestId?: string): Response {
  if (error instanceof AppError) return problem(error.status, error.message, instance, { errors: error.errors });
  console.error(
    JSON.stringify({ level: "error", requestId, path: instance, error: String(error), stack: (error as Error)?.stack }),
  );
  return problem(
    500,
    "Something went wrong on our side. The request id in the X-Request-Id header helps us find it.",
    instance,
  );
}
