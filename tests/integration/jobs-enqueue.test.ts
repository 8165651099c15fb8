// jobTransaction: a job exists if and only if the transaction that enqueued it commits, with its definition's options.
import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { sql } from "@/server/db/pool";
import { jobTransaction, stopJobSender } from "@/server/jobs/enqueue";
import type { JobDefinition } from "@/server/jobs/job-definition";

const ZPayload = z.object({ n: z.int() });
const job: JobDefinition<typeof ZPayload> = {
  name: `test-enqueue-${randomUUID().slice(0, 8)}`,
  payload: ZPayload,
  retryLimit: 2,
  expireInSeconds: 120,
  handle: async () => {},
};

afterAll(stopJobSender);

const jobsOf = (n: number) =>
  sql<{ retry_limit: number; expire_in: string }>(
    `SELECT retry_limit, expire_in::text FROM pgboss.job WHERE name = $1 AND data->>'n' = $2`,
    [job.name, String(n)],
  );

describe("jobTransaction", () => {
  it("writes the job with the transaction and the definition's queue options", async () => {
    const id = await jobTransaction([job], async (_query, enqueue) => enqueue(job, { n: 1 }));
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await jobsOf(1)).toEqual([{ retry_limit: 2, expire_in: "00:02:00" }]);
  });

  it("leaves no job when the transaction rolls back", async () => {
    await expect(
      jobTransaction([job], async (_query, enqueue) => {
        await enqueue(job, { n: 2 });
        throw new Error("the write after it failed");
      }),
    ).rejects.toThrow("the write after it failed");
    expect(await jobsOf(2)).toEqual([]);
  });

  it("checks the payload against the job's schema and refuses jobs it was not readied for", async () => {
    await expect(jobTransaction([job], async (_query, enqueue) => enqueue(job, { n: "x" } as never))).rejects.toThrow();
    const other = { ...job, name: `${job.name}-other` };
    await expect(jobTransaction([job], async (_q, enqueue) => enqueue(other, { n: 3 }))).rejects.toThrow(
      /not named in this jobTransaction/,
    );
  });
});
