// What each problem `type` URL (<APP_URL>/docs/errors/<status>) explains. Plain data so pages stay thin.
export type ErrorDoc = { status: number; title: string; summary: string; causes: string[]; fix: string[] };

export const ERROR_DOCS: ErrorDoc[] = [
  {
    status: 400,
    title: "Bad Request",
    summary: "The request could not be read at all, usually because its body is not valid JSON.",
    causes: [
      "A JSON body with a syntax error (a trailing comma, single quotes, an unescaped newline).",
      "An empty body where one is required.",
    ],
    fix: ["Validate the JSON you send, for example with `JSON.stringify` rather than building strings by hand."],
  },
  {
    status: 401,
    title: "Unauthorized",
    summary: "The request carried no usable API key.",
    causes: [
      "No `X-API-Key` header.",
      "A key with a typo (keys carry a checksum, so typos are caught at once).",
      "A key that was revoked, or that belongs to a deleted workspace.",
    ],
    fix: [
      "Send a current key in the `X-API-Key` header.",
      "Create a new key under Settings → API keys if the old one was revoked.",
    ],
  },
  {
    status: 403,
    title: "Forbidden",
    summary: "The key is valid but may not do this.",
    causes: ["A **read** key used for POST, PATCH, PUT or DELETE."],
    fix: ["Use a **write** key for operations that change data."],
  },
  {
    status: 404,
    title: "Not Found",
    summary: "There is no such resource in the key's workspace.",
    causes: [
      "A wrong or stale id.",
      "An id from another workspace: each key sees only its own workspace.",
      "A path that does not exist.",
    ],
    fix: ["Check the id, and that the key belongs to the workspace that owns the resource."],
  },
  {
    status: 405,
    title: "Method Not Allowed",
    summary: "The path exists, but not with this HTTP method.",
    causes: ["For example PUT where the API offers PATCH."],
    fix: ["See the `Allow` response header and the API reference for the methods the path supports."],
  },
  {
    status: 409,
    title: "Conflict",
    summary: "The request conflicts with the current state of a resource.",
    causes: [
      "Creating something whose unique name is taken, such as a tag name (unique per workspace, ignoring case).",
    ],
    fix: ["Pick another name, or fetch and reuse the existing resource."],
  },
  {
    status: 413,
    title: "Payload Too Large",
    summary: "The request body is larger than the API accepts (1 MB).",
    causes: ["Sending a very large batch in one request."],
    fix: ["Split the work into smaller requests."],
  },
  {
    status: 415,
    title: "Unsupported Media Type",
    summary: "The body is not JSON.",
    causes: ["A missing or different `Content-Type` header, such as form encoding."],
    fix: ["Send `Content-Type: application/json` with a JSON body."],
  },
  {
    status: 422,
    title: "Unprocessable Entity",
    summary: "The JSON was read, but some values are not valid.",
    causes: [
      "A missing required field, a value out of range, an unknown field, or a bad query parameter such as `limit=500`.",
    ],
    fix: [
      "Read the `errors` array: each entry has a `pointer` (a JSON pointer such as `#/name`, or `#/query/limit` for query parameters) and a `detail` saying what is wrong.",
    ],
  },
  {
    status: 429,
    title: "Too Many Requests",
    summary: "The key has made too many requests in the current window.",
    causes: ["A burst of requests above the per-key rate limit."],
    fix: [
      "Wait the number of seconds in the `Retry-After` header, then retry.",
      "Watch `RateLimit-Remaining` and `RateLimit-Reset` to pace requests.",
    ],
  },
  {
    status: 500,
    title: "Internal Server Error",
    summary: "Something failed on the server. It is not caused by your request.",
    causes: ["A bug, or the database being unavailable."],
    fix: [
      "Retry later. If it keeps happening, give the operator the `X-Request-Id` response header; it points at the log entry.",
    ],
  },
];

export const errorDoc = (status: number) => ERROR_DOCS.find((d) => d.status === status);
