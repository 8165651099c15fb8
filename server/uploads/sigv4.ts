// AWS Signature Version 4 for S3 requests, written out (about 60 lines) instead of pulling in the AWS SDK (tens of
// packages) for two calls: PUT an object and GET it back. Works with every S3-compatible service (MinIO, R2, B2…).
// Reference: https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html
import { createHash, createHmac } from "node:crypto";

export type SigV4Credentials = { accessKeyId: string; secretAccessKey: string; region: string; service?: string };

export type SigV4Request = {
  method: string;
  url: URL;
  /** Headers to send and sign (lower- or mixed-case names); host, x-amz-date and x-amz-content-sha256 are added. */
  headers: Record<string, string>;
  /** Hex SHA-256 of the body (the empty string's hash for GET). */
  payloadHash: string;
  now?: Date;
};

export const EMPTY_SHA256 = sha256Hex("");

/** The request's headers with x-amz-date, x-amz-content-sha256 and Authorization added. */
export function signRequest(req: SigV4Request, creds: SigV4Credentials): Record<string, string> {
  const amzDate = (req.now ?? new Date())
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
  const day = amzDate.slice(0, 8);
  const service = creds.service ?? "s3";
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) headers[name.toLowerCase()] = value;
  headers.host = req.url.host;
  headers["x-amz-date"] = amzDate;
  headers["x-amz-content-sha256"] = req.payloadHash;

  const sorted = Object.entries(headers).sort(([a], [b]) => (a < b ? -1 : 1));
  const signedHeaders = sorted.map(([name]) => name).join(";");
  const canonicalRequest = [
    req.method,
    canonicalPath(req.url.pathname),
    canonicalQuery(req.url.searchParams),
    sorted.map(([name, value]) => `${name}:${value.trim().replace(/\s+/g, " ")}\n`).join(""),
    signedHeaders,
    req.payloadHash,
  ].join("\n");
  const scope = `${day}/${creds.region}/${service}/aws4_request`;
  const stringToSign = ["AWS4-HMAC-SHA256", amzDate, scope, sha256Hex(canonicalRequest)].join("\n");

  let key: Buffer = hmac(`AWS4${creds.secretAccessKey}`, day);
  for (const part of [creds.region, service, "aws4_request"]) key = hmac(key, part);
  const signature = createHmac("sha256", key).update(stringToSign).digest("hex");

  headers.authorization =
    `AWS4-HMAC-SHA256 Credential=${creds.accessKeyId}/${scope}, ` +
    `SignedHeaders=${signedHeaders}, Signature=${signature}`;
  return headers;
}

/** RFC 3986 encoding of every byte but the unreserved ones, as SigV4 requires (encodeURIComponent leaves !'()*). */
export function uriEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** S3 signs the path encoded once, slashes kept (the URL's pathname is already encoded: decode it first). */
function canonicalPath(pathname: string): string {
  return pathname
    .split("/")
    .map((segment) => uriEncode(decodeURIComponent(segment)))
    .join("/");
}

function canonicalQuery(params: URLSearchParams): string {
  return [...params]
    .map(([k, v]): [string, string] => [uriEncode(k), uriEncode(v)])
    .sort(([a, x], [b, y]) => (a !== b ? (a < b ? -1 : 1) : x < y ? -1 : x > y ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join("&");
}

export function sha256Hex(data: string | Uint8Array): string {
  return createHash("sha256").update(data).digest("hex");
}

function hmac(key: string | Buffer, data: string): Buffer {
  return createHmac("sha256", key).update(data).digest();
}
