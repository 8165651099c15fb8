// Bucket URLs: path style for MinIO-like endpoints, bucket subdomains for AWS, and keys of any other shape refused.
import { describe, expect, it } from "vitest";
import { objectUrl, type S3Config } from "./s3-storage";

const key = "0b5c6f5e-8d2a-4f0e-9a51-1c2d3e4f5a6b/7e57a3c1-2b4d-4e6f-8a9b-0c1d2e3f4a5b.png";
const base: S3Config = {
  bucket: "imgs",
  region: "eu-west-3",
  endpoint: null,
  accessKeyId: "a",
  secretAccessKey: "s",
  forcePathStyle: false,
};

describe("objectUrl", () => {
  it("uses the bucket subdomain of the region's AWS endpoint by default", () => {
    expect(objectUrl(base, key).href).toBe(`https://imgs.s3.eu-west-3.amazonaws.com/${key}`);
  });
  it("puts the bucket in the path of a custom endpoint (and keeps the endpoint's own path)", () => {
    const config = { ...base, endpoint: "http://minio.local:9000/s3", forcePathStyle: true };
    expect(objectUrl(config, key).href).toBe(`http://minio.local:9000/s3/imgs/${key}`);
  });
  it("uses a subdomain of a custom endpoint when path style is off", () => {
    const config = { ...base, endpoint: "https://acc.r2.cloudflarestorage.com" };
    expect(objectUrl(config, key).href).toBe(`https://imgs.acc.r2.cloudflarestorage.com/${key}`);
  });
  it.each(["../secret", `${key}/..`, "a/b.png", key.toUpperCase()])("refuses the key %s", (bad) => {
    expect(() => objectUrl(base, bad)).toThrow(/Refused upload storage key/);
  });
});
