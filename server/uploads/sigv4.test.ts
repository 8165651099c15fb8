// The signer against the worked examples of the AWS documentation (sig-v4-header-based-auth.html): same
// credentials, date and requests, the signatures AWS publishes.
import { describe, expect, it } from "vitest";
import { EMPTY_SHA256, sha256Hex, signRequest, uriEncode } from "./sigv4";

const creds = {
  accessKeyId: "AKIAIOSFODNN7EXAMPLE",
  secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
  region: "us-east-1",
};
const now = new Date("2013-05-24T00:00:00Z");
const signatureOf = (headers: Record<string, string>) =>
  /Signature=([0-9a-f]{64})$/.exec(headers.authorization ?? "")?.[1];

describe("signRequest (AWS examples)", () => {
  it("GET Object with a Range header", () => {
    const url = new URL("https://examplebucket.s3.amazonaws.com/test.txt");
    const headers = signRequest(
      { method: "GET", url, headers: { Range: "bytes=0-9" }, payloadHash: EMPTY_SHA256, now },
      creds,
    );
    expect(headers.authorization).toBe(
      "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, " +
        "SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, " +
        "Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41",
    );
    expect(headers["x-amz-date"]).toBe("20130524T000000Z");
  });

  it("PUT Object with a $ in the key and a body", () => {
    const url = new URL("https://examplebucket.s3.amazonaws.com/test$file.text");
    const payloadHash = sha256Hex("Welcome to Amazon S3.");
    const headers = signRequest(
      {
        method: "PUT",
        url,
        headers: { Date: "Fri, 24 May 2013 00:00:00 GMT", "x-amz-storage-class": "REDUCED_REDUNDANCY" },
        payloadHash,
        now,
      },
      creds,
    );
    expect(signatureOf(headers)).toBe("98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd");
  });

  it("GET Bucket lifecycle (a query parameter without a value)", () => {
    const url = new URL("https://examplebucket.s3.amazonaws.com/?lifecycle");
    const headers = signRequest({ method: "GET", url, headers: {}, payloadHash: EMPTY_SHA256, now }, creds);
    expect(signatureOf(headers)).toBe("fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543");
  });

  it("GET Bucket (list objects) with sorted query parameters", () => {
    const url = new URL("https://examplebucket.s3.amazonaws.com/?max-keys=2&prefix=J");
    const headers = signRequest({ method: "GET", url, headers: {}, payloadHash: EMPTY_SHA256, now }, creds);
    expect(signatureOf(headers)).toBe("34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7");
  });
});

describe("uriEncode", () => {
  it("encodes the characters encodeURIComponent leaves alone", () => {
    expect(uriEncode("a b!'()*~-_.")).toBe("a%20b%21%27%28%29%2A~-_.");
  });
});
