// The status moves of a form (forms-design: draft → published → draft, draft|published → archived → draft), each
// one conditional UPDATE on the status it starts from, so two racing moves cannot both apply; a refused move is a
// 409 naming the current status. Archive and unarchive are idempotent, like a broadcast's: asking for the state the
// form is already in answers it unchanged (the contract has archive "from any status"), so a retried request or two
// people archiving at once never see an error for what they wanted.
import { db } from "@/server/db/client";
import type { Prisma } from "@/server/db/generated/client";
import type { Form, FormStatus } from "@/lib/schemas/forms";
import { countedForm, formSelect, refusedFormChange } from "./form-record";

type Move = {
  action: string;
  from: readonly FormStatus[];
  data: () => Prisma.FormUpdateManyMutationInput;
  /** Statuses in which the move is already done: answered with the form unchanged instead of a 409. */
  done?: readonly FormStatus[];
};

export const FORM_MOVES = {
  // Published forms answer on the public URLs from the next request on; unpublishing or archiving stops them at once.
  publish: { action: "publish", from: ["draft"], data: () => ({ status: "published", publishedAt: new Date() }) },
  unpublish: { action: "unpublish", from: ["published"], data: () => ({ status: "draft", publishedAt: null }) },
  archive: {
    action: "archive",
    from: ["draft", "published"],
    data: () => ({ status: "archived", publishedAt: null, archivedAt: new Date() }),
    done: ["archived"],
  },
  unarchive: {
    action: "unarchive",
    from: ["archived"],
    data: () => ({ status: "draft", archivedAt: null }),
    done: ["draft", "published"],
  },
} satisfies Record<string, Move>;

export type FormMove = keyof typeof FORM_MOVES;

const HINTS: Partial<Record<FormMove, Partial<Record<FormStatus, string>>>> = {
  publish: { archived: "unarchive it first.", published: "it is already published." },
  unpublish: { draft: "it is not published." },
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
  const { action, from, data, ...rest } = FORM_MOVES[move] as Move;
  const [row] = await db().form.updateManyAndReturn({
    where: { id: formId, workspaceId, deletedAt: null, status: { in: [...from] } },
    data: data(),
    select: formSelect,
  });
  if (row) return countedForm(row);
  if (rest.done) {
    const [already] = await db().form.findMany({
      where: { id: formId, workspaceId, deletedAt: null, status: { in: [...rest.done] } },
      select: formSelect,
    });
    if (already) return countedForm(already);
  }
  return refusedFormChange(workspaceId, formId, action, from, (status) => HINTS[move]?.[status]);
}
