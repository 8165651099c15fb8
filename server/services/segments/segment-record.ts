// The one mapping from a Segment row (plus its live count) to the API's Segment.
import { AppError } from "@/server/errors";
import { ZSegmentRules, type Segment } from "@/lib/schemas/segments";

export const segmentSelect = {
  id: true,
  workspaceId: true,
  name: true,
  description: true,
  rules: true,
  createdAt: true,
  updatedAt: true,
} as const;

export type SegmentRow = {
  id: string;
  workspaceId: string;
  name: string;
  description: string | null;
  rules: unknown;
  createdAt: Date;
  updatedAt: Date;
};

export function toSegment(row: SegmentRow, contactCount: number): Segment {
  // Rules are validated before every write, so parsing only narrows the JSON column's type.
  const rules = ZSegmentRules.safeParse(row.rules);
  return {
    id: row.id,
    workspaceId: row.workspaceId,
    name: row.name,
    description: row.description,
    rules: rules.success ? rules.data : { match: "all", conditions: [] },
    contactCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A blank description is no description. */
export const descriptionOf = (d: string | null | undefined) => (d ? d : null);

export const segmentNotFound = () => new AppError("NOT_FOUND", "Segment not found.");
