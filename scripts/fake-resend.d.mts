// Types of scripts/fake-resend.mjs for the TypeScript tests and benchmarks that start it in-process.
export type FakeResendEmail = {
  id: string;
  from: string;
  to: string | string[];
  subject: string;
  html?: string;
  text?: string;
  headers: Record<string, string>;
  reply_to?: string | string[];
  tags?: { name: string; value: string }[];
  idempotencyKey?: string;
};

export type FakeResendRequest = {
  method: string;
  path: string;
  idempotencyKey?: string;
  status?: number;
  count?: number;
};

export type FakeResend = {
  url: string;
  emails: FakeResendEmail[];
  requests: FakeResendRequest[];
  failNext(
    n: number,
    status: number | "disconnect",
    options?: { retryAfter?: number | string; name?: string; message?: string; afterAccept?: boolean },
  ): void;
  setLatency(ms: number): void;
  reset(): void;
  close(): Promise<void>;
};

export function startFakeResend(options?: {
  port?: number;
  host?: string;
  apiKey?: string | null;
  keepContent?: boolean;
  latencyMs?: number;
}): Promise<FakeResend>;
