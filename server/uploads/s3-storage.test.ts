// Bucket URLs: path style for MinIO-like endpoints, bucket subdomains for AWS, and keys of any other shape refused.
// Signing: the way every bucket request is signed (aws4fetch with our options) against the worked examples of the AWS
// documentation (sig-v4-header-based-auth.html): same credentials, date and requests, the signatures AWS publishes.
import { describe, expect, it } from "vitest";
import { objectUrl, s3Client, signS3Request, type S3Config } from "./s3-storage";

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

describe("signS3Request (AWS examples)", () => {
  const client = s3Client({
    accessKeyId: "AKIAIOSFODNN7EXAMPLE",
    secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
    region: "us-east-1",
  });
  const datetime = "20130524T000000Z";
  const signatureOf = (req: Request) => /Signature=([0-9a-f]{64})$/.exec(req.headers.get("authorization") ?? "")?.[1];

  it("GET Object with a Range header", async () => {
    const url = new URL("https://examplebucket.s3.amazonaws.com/test.txt");
    const req = await signS3Request(client, "GET", url, { headers: { Range: "bytes=0-9" }, datetime });
    expect(req.headers.get("authorization")).toBe(
      "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, " +
        "SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, " +
        "Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41",
    );
    expect(req.headers.get("x-amz-date")).toBe("20130524T000000Z");
  });

  it("PUT Object with a $ in the key and a body", async () => {
    const url = new URL("https://examplebucket.s3.amazonaws.com/test$file.text");
    const req = await signS3Request(client, "PUT", url, {
      headers: { Date: "Fri, 24 May 2013 00:00:00 GMT", "x-amz-storage-class": "REDUCED_REDUNDANCY" },
      body: new TextEncoder().encode("Welcome to Amazon S3."),
      datetime,
    });
    expect(signatureOf(req)).toBe("98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd");
    expect(req.headers.get("x-amz-content-sha256")).toBe(
      "44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072",
    );
  });

  it("GET Bucket lifecycle (a query parameter without a value)", async () => {
    const url = new URL("https://examplebucket.s3.amazonaws.com/?lifecycle");
    expect(signatureOf(await signS3Request(client, "GET", url, { datetime }))).toBe(
      "fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543",
    );
  });

  it("GET Bucket (list objects) with sorted query parameters", async () => {
    const url = new URL("https://examplebucket.s3.amazonaws.com/?max-keys=2&prefix=J");
    expect(signatureOf(await signS3Request(client, "GET", url, { datetime }))).toBe(
      "34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7",
    );
  });

  it("signs the Content-Type of an upload (aws4fetch leaves it unsigned by default)", async () => {
    const url = new URL("https://examplebucket.s3.amazonaws.com/a.png");
    const req = await signS3Request(client, "PUT", url, {
      headers: { "content-type": "image/png" },
      body: new Uint8Array([1]),
      datetime,
    });
    expect(req.headers.get("authorization")).toContain(
      "SignedHeaders=content-type;host;x-amz-content-sha256;x-amz-date,",
    );
  });
});
