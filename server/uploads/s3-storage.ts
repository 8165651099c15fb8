// Uploads in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Backblaze B2…): one signed PUT to store an
// object, one signed GET to proxy it when no public bucket URL is configured. Requests are signed (AWS SigV4) by
// aws4fetch, a small dependency-free signer, rather than the AWS SDK (tens of packages) for three calls.
import "server-only";
import { createHash } from "node:crypto";
import { AwsClient } from "aws4fetch";
import { assertKey } from "./keys";
import type { UploadStorage } from "./storage";

export type S3Config = {
  bucket: string;
  region: string;
  endpoint: string | null;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
};

/** Requests to the bucket give up after this long rather than hold an upload or an email's image forever. */
const TIMEOUT_MS = 30_000;

export function s3Storage(config: S3Config): UploadStorage {
  const client = s3Client(config);
  const send = async (method: string, url: URL, init: SignInit = {}) =>
    fetch(await signS3Request(client, method, url, init), { signal: AbortSignal.timeout(TIMEOUT_MS) });
  return {
    kind: "s3",
    async put(key, bytes, contentType) {
      const url = objectUrl(config, key);
      const res = await send("PUT", url, {
        // Served straight from the bucket when S3_PUBLIC_URL is set: the same caching the app's own route gives.
        headers: { "content-type": contentType, "cache-control": "public, max-age=31536000, immutable" },
        body: bytes,
      });
      if (!res.ok)
        throw new Error(`S3 PUT ${url.pathname} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
      await res.body?.cancel();
    },
    async get(key) {
      const url = objectUrl(config, key);
      const res = await send("GET", url);
      if (res.status === 404) {
        await res.body?.cancel();
        return null;
      }
      if (!res.ok || !res.body) {
        throw new Error(`S3 GET ${url.pathname} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
      }
      return { body: res.body, size: Number(res.headers.get("content-length") ?? 0) };
    },
    async remove(key) {
      const url = objectUrl(config, key);
      const res = await send("DELETE", url);
      // S3 answers 204 whether or not the object existed; some compatible stores answer 404 for a missing one.
      if (!res.ok && res.status !== 404)
        throw new Error(`S3 DELETE ${url.pathname} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
      await res.body?.cancel();
    },
  };
}

/** Service and region are given, not guessed from the host: custom endpoints (MinIO…) name neither. */
export function s3Client(config: Pick<S3Config, "accessKeyId" | "secretAccessKey" | "region">): AwsClient {
  return new AwsClient({
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    region: config.region,
    service: "s3",
  });
}

export type SignInit = {
  headers?: Record<string, string>;
  body?: Uint8Array;
  /** For tests: "YYYYMMDDTHHMMSSZ". */ datetime?: string;
};

/**
 * The request signed as every call to the bucket is: the body's SHA-256 signed (aws4fetch would send
 * UNSIGNED-PAYLOAD for S3), and every header we set signed too, Content-Type included (aws4fetch leaves it out by
 * default), so a proxy cannot change what the bucket stores and serves.
 */
export function signS3Request(client: AwsClient, method: string, url: URL, init: SignInit = {}): Promise<Request> {
  const { headers = {}, body, datetime } = init;
  return client.sign(url.href, {
    method,
    headers: {
      ...headers,
      "x-amz-content-sha256": createHash("sha256")
        .update(body ?? "")
        .digest("hex"),
    },
    body: body ? new Uint8Array(body) : undefined,
    aws: { allHeaders: true, datetime },
  });
}

/** Path style (endpoint/bucket/key) or virtual-hosted style (bucket.endpoint/key). */
export function objectUrl(config: S3Config, key: string): URL {
  assertKey(key);
  const endpoint = new URL(config.endpoint ?? `https://s3.${config.region}.amazonaws.com`);
  const base = endpoint.pathname.replace(/\/+$/, "");
  if (config.forcePathStyle) {
    return new URL(`${endpoint.origin}${base}/${encodeURIComponent(config.bucket)}/${key}`);
  }
  return new URL(`${endpoint.protocol}//${config.bucket}.${endpoint.host}${base}/${key}`);
}
