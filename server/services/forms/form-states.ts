// The status moves of a form (forms-design: draft → published → draft, draft|published → archived → draft), each
// one conditional UPDATE on the status it starts from, so two racing moves cannot both apply; a refused move is a
// 409 naming the current status.
import { db } from "@/server/db/client";
import type { Prisma } from "@/server/db/generated/client";
import type { Form, FormStatus } from "@/lib/schemas/forms";
import { countedForm, formSelect, refusedFormChange } from "./form-record";

type Move = { action: string; from: readonly FormStatus[]; data: () => Prisma.FormUpdateManyMutationInput };

export const FORM_MOVES = {
  // Published forms answer on the public URLs from the next request on; unpublishing or archiving stops them at once.
  publish: { action: "publish", from: ["draft"], data: () => ({ status: "published", publishedAt: new Date() }) },
  unpublish: { action: "unpublish", from: ["published"], data: () => ({ status: "draft", publishedAt: null }) },
  archive: {
    action: "archive",
    from: ["draft", "published"],
    data: () => ({ status: "archived", publishedAt: null, archivedAt: new Date() }),
  },
  unarchive: { action: "unarchive", from: ["archived"], data: () => ({ status: "draft", archivedAt: null }) },
} satisfies Record<string, Move>;

export type FormMove = keyof typeof FORM_MOVES;

const HINTS: Partial<Record<FormMove, Partial<Record<FormStatus, string>>>> = {
  publish: { archived: "unarchive it first.", published: "it is already published." },
  unpublish: { draft: "it is not published." },
  archive: { archived: "it is already archived." },
  unarchive: { draft: "it is not archived.", published: "it is not archived." },
};

export async function moveForm({
  workspaceId,
  formId,
  move,
}: {
  workspaceId: string;
  formId: string;
  move: FormMove;
}): Promise<Form> {
  const { action, from, data } = FORM_MOVES[move];
  const [row] = await db().form.updateManyAndReturn({
    where: { id: formId, workspaceId, deletedAt: null, status: { in: [...from] } },
    data: data(),
    select: formSelect,
  });
  if (row) return countedForm(row);
  return refusedFormChange(workspaceId, formId, action, from, (status) => HINTS[move]?.[status]);
}
