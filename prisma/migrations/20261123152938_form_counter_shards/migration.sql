-- AlterTable
ALTER TABLE "Form" DROP COLUMN "submissionsCount",
DROP COLUMN "viewsCount";

-- AlterTable
ALTER TABLE "FormDailyStats" DROP CONSTRAINT "FormDailyStats_pkey",
ADD COLUMN     "shard" SMALLINT NOT NULL DEFAULT 0,
ADD CONSTRAINT "FormDailyStats_pkey" PRIMARY KEY ("formId", "day", "shard");
