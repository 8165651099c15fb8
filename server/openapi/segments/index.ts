// The segments resource's operations, in the document's order.
import { createSegment } from "./create-segment";
import { deleteSegment } from "./delete-segment";
import { getSegment } from "./get-segment";
import { listSegmentContacts } from "./list-segment-contacts";
import { listSegments } from "./list-segments";
import { previewSegment } from "./preview-segment";
import { updateSegment } from "./update-segment";

export const segmentsOperations = [
  listSegments,
  createSegment,
  previewSegment,
  getSegment,
  updateSegment,
  deleteSegment,
  listSegmentContacts,
];
