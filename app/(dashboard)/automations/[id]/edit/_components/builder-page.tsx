"use client";
// The builder with the segment pages' rules editor handed in (it lives with those pages, which features may not
// import): the entry filter, conditions and goals are written with the same editor as a segment.
import { useMemo } from "react";
import { AutomationBuilder, type AutomationBuilderProps } from "@/features/automations/ui/automation-builder";
import type { ActivityTargets } from "../../../../segments/_lib/load-activity-targets";
import { makeSegmentRulesField } from "./segment-rules-field";

type Props = Omit<AutomationBuilderProps, "RulesEditor"> & { targets: ActivityTargets };

export function BuilderPage({ targets, ...props }: Props) {
  const { workspaceId, lists } = props;
  const RulesEditor = useMemo(
    () => makeSegmentRulesField({ workspaceId, tags: lists.tags, fields: lists.fields, targets }),
    [workspaceId, lists.tags, lists.fields, targets],
  );
  return <AutomationBuilder {...props} RulesEditor={RulesEditor} />;
}
