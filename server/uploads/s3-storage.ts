// Uploads in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Backblaze B2…): one signed PUT to store an
// object, one signed GET to proxy it when no public bucket URL is configured.
import "server-only";
import { assertKey } from "./keys";
import { sha256Hex, signRequest, EMPTY_SHA256 } from "./sigv4";
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
  const creds = { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey, region: config.region };
  return {
    kind: "s3",
    async put(key, bytes, contentType) {
      const url = objectUrl(config, key);
      const headers = signRequest(
        {
          method: "PUT",
          url,
          // Served straight from the bucket when S3_PUBLIC_URL is set: the same caching the app's own route gives.
          headers: { "content-type": contentType, "cache-control": "public, max-age=31536000, immutable" },
          payloadHash: sha256Hex(bytes),
        },
        creds,
      );
      const res = await fetch(url, {
        method: "PUT",
        headers,
        body: new Uint8Array(bytes),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!res.ok)
        throw new Error(`S3 PUT ${url.pathname} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
      await res.body?.cancel();
    },
    async get(key) {
      const url = objectUrl(config, key);
      const headers = signRequest({ method: "GET", url, headers: {}, payloadHash: EMPTY_SHA256 }, creds);
      const res = await fetch(url, { headers, signal: AbortSignal.timeout(TIMEOUT_MS) });
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
      const headers = signRequest({ method: "DELETE", url, headers: {}, payloadHash: EMPTY_SHA256 }, creds);
      const res = await fetch(url, { method: "DELETE", headers, signal: AbortSignal.timeout(TIMEOUT_MS) });
      // S3 answers 204 whether or not the object existed; some compatible stores answer 404 for a missing one.
      if (!res.ok && res.status !== 404)
        throw new Error(`S3 DELETE ${url.pathname} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
      await res.body?.cancel();
    },
  };
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
