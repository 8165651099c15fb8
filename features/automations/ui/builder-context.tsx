"use client";
// What every part of the builder reads: the workspace's pickable things (tags, segments, forms, fields, other
// automations), their names, whether this person may edit, and the segment rules editor. The rules editor lives with
// the segment pages (app/); the builder's page hands it in, so the builder draws the same editor people know.
import { createContext, useContext, useMemo, type ComponentType, type ReactNode } from "react";
import type { CustomField } from "@/lib/schemas/custom-fields";
import type { Segment, SegmentRules } from "@/lib/schemas/segments";
import type { Step } from "@/lib/schemas/automations";
import type { Tag } from "@/lib/schemas/tags";
import type { Names } from "../model/step-summary";
import { stepTitle } from "../model/step-summary";

export type Named = { id: string; name: string };
export type BuilderLists = {
  tags: Tag[];
  segments: Segment[];
  forms: Named[];
  fields: CustomField[];
  automations: Named[];
};

export type RulesEditorProps = {
  /** The editor's accessible name ("Entry filter", "Goal rules"). */
  label: string;
  value: SegmentRules | null;
  onChange(value: SegmentRules | null): void;
  disabled?: boolean;
};

type Ctx = {
  workspaceId: string;
  lists: BuilderLists;
  names: Names;
  readOnly: boolean;
  RulesEditor: ComponentType<RulesEditorProps>;
};

const BuilderContext = createContext<Ctx | null>(null);

export function useBuilder(): Ctx {
  const ctx = useContext(BuilderContext);
  if (!ctx) throw new Error("useBuilder outside the automation builder");
  return ctx;
}

export function BuilderProvider({
  children,
  steps,
  ...value
}: Omit<Ctx, "names"> & { steps: Step[]; children: ReactNode }) {
  const { lists } = value;
  const names = useMemo<Names>(() => {
    const by = (rows: { id: string; name: string }[], what: string) => (id: string) =>
      rows.find((r) => r.id === id)?.name ?? `(a ${what} that no longer exists)`;
    return {
      tag: by(lists.tags, "tag"),
      segment: by(lists.segments, "segment"),
      form: by(lists.forms, "form"),
      automation: by(lists.automations, "automation"),
      field: (key) => lists.fields.find((f) => f.key === key)?.label ?? key,
      step: (id) => {
        const s = steps.find((x) => x.id === id);
        return s ? stepTitle(s) : id;
      },
    };
  }, [lists, steps]);
  const { workspaceId, readOnly, RulesEditor } = value;
  const ctx = useMemo(
    () => ({ workspaceId, lists, readOnly, RulesEditor, names }),
    [workspaceId, lists, readOnly, RulesEditor, names],
  );
  return <BuilderContext value={ctx}>{children}</BuilderContext>;
}
