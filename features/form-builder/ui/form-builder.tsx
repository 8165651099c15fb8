"use client";
import { useEffect, useEffectEvent, useRef, useState, type KeyboardEvent } from "react";
import clsx from "clsx";
import { useQuery } from "@tanstack/react-query";
import type { Form } from "@/lib/schemas/forms";
import { draftOf, sameDraft, toUpdateInput, type FormDraft } from "../model/form-draft";
import { Card } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { useToast } from "@/components/ui/toast";
import { errorMessage, unwrap } from "@/lib/action-result";
import { queryKeys } from "@/lib/query-keys";
import { PointerActionError } from "@/lib/pointer-errors";
import { getFormAction } from "../actions/builder-actions";
import { useUpdateForm } from "./use-form-mutations";
import { errorUnder, pointerMap } from "../model/form-errors";
import type { WorkspaceLists } from "./builder-context";
import { BuilderToolbar } from "./builder-toolbar";
import { FieldsPanel } from "./fields-panel";
import { FormPreview } from "./form-preview";
import { SettingsPanel } from "./settings-panel";
import { SharePanel } from "./share-panel";
import { StylePanel } from "./style-panel";
import { useLeaveGuard } from "@/lib/use-leave-guard";
import { can, forbiddenMessage } from "@/lib/permissions";
import { useRole } from "@/components/permissions/role-context";

const TABS = [
  { id: "fields", label: "Fields", owns: ["fields"] },
  { id: "style", label: "Style", owns: ["styles"] },
  {
    id: "settings",
    label: "Settings",
    owns: [
      "name",
      "type",
      "heading",
      "description",
      "display",
      "successMessage",
      "redirectUrl",
      "doubleOptIn",
      "consentStatement",
      "privacyPolicyUrl",
      "captureTimezone",
      "tagIds",
      "segmentId",
      "landingPageMeta",
    ],
  },
] as const;
type TabId = (typeof TABS)[number]["id"];

type Props = { workspaceId: string; workspaceName: string; initial: Form; appUrl: string; lists: WorkspaceLists };

/**
 * The form builder: the draft is edited locally (fields, style, settings) and previewed live by the embed script;
 * Save sends it whole as one PATCH, whose 422 pointers are shown at the inputs they name.
 */
export function FormBuilder({ workspaceId, workspaceName, initial, appUrl, lists }: Props) {
  const toast = useToast();
  const { data: form = initial } = useQuery({
    queryKey: queryKeys.forms.detail(workspaceId, initial.id),
    queryFn: async () => unwrap(await getFormAction({ id: initial.id })),
    initialData: initial,
  });
  const [draft, setDraft] = useState<FormDraft>(() => draftOf(initial));
  const [saved, setSaved] = useState<FormDraft>(() => draftOf(initial));
  const [tab, setTab] = useState<TabId>("fields");
  const update = useUpdateForm(workspaceId);
  const dirty = !sameDraft(draft, saved);
  const errors = update.error instanceof PointerActionError ? pointerMap(update.error.pointers) : {};
  const tabRefs = useRef<Record<TabId, HTMLButtonElement | null>>({ fields: null, style: null, settings: null });
  const archived = form.status === "archived";
  // A published form changes live with each save, so editing it needs what publishing needs (lib/permissions).
  const editArea = form.status === "published" ? "forms.publish" : "forms.write";
  const canEdit = can(useRole(), editArea);
  const readOnly = archived || !canEdit;

  useLeaveGuard(dirty, "Leave without saving? Your changes to this form will be lost.");

  const change = (patch: Partial<FormDraft>) => setDraft((d) => ({ ...d, ...patch }));

  /** Saves the draft; resolves with the stored form, or null when the server refused (errors shown at inputs). */
  const save = async (): Promise<Form | null> => {
    const sent = draft;
    try {
      const stored = await update.mutateAsync({ id: form.id, input: toUpdateInput(sent) });
      const next = draftOf(stored);
      setSaved(next);
      // Keep edits typed while saving; otherwise take what the server stored (a generated slug, a default message).
      setDraft((current) => (current === sent ? next : current));
      return stored;
    } catch (error) {
      const pointed = error instanceof PointerActionError && error.pointers.length > 0;
      if (pointed) {
        const map = pointerMap(error.pointers);
        const first = TABS.find((t) => t.owns.some((o) => errorUnder(map, o)));
        if (first) setTab(first.id);
      }
      toast.error(pointed ? "The form was not saved: check the highlighted fields." : errorMessage(error));
      return null;
    }
  };

  // Ctrl/Cmd+S saves, as in every editor (the browser's "save page" is never what is meant here).
  const saveShortcut = useEffectEvent(() => {
    if (dirty && !readOnly && !update.isPending) void save();
  });
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if ((event.metaKey || event.ctrlKey) && event.key.toLowerCase() === "s") {
        event.preventDefault();
        saveShortcut();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  const onTabKey = (event: KeyboardEvent, index: number) => {
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = TABS[(index + step + TABS.length) % TABS.length]?.id ?? "fields";
    setTab(next);
    tabRefs.current[next]?.focus();
  };

  const panelProps = { draft, change, errors, lists };
  const unplaced = update.isError && !(update.error instanceof PointerActionError && update.error.pointers.length);
  return (
    <>
      <BuilderToolbar
        workspaceId={workspaceId}
        form={form}
        dirty={dirty}
        saving={update.isPending}
        onSave={save}
        onDiscard={() => (setDraft(saved), update.reset())}
        canEdit={canEdit}
      />
      {!archived && !canEdit && (
        <Notice tone="info" className="mb-4">
          You can read this form. {forbiddenMessage(editArea)}
        </Notice>
      )}
      {archived && (
        <Notice tone="warning" className="mb-4">
          This form is archived: it cannot be edited or published until you unarchive it.
        </Notice>
      )}
      {unplaced && (
        <Notice tone="error" className="mb-4">
          {errorMessage(update.error)}
        </Notice>
      )}
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,28rem)_minmax(0,1fr)]">
        <Card className="min-w-0">
          <div role="tablist" aria-label="Builder panels" className="flex gap-5 border-b border-slate-200 px-5 pt-2">
            {TABS.map((t, i) => {
              const hasError = t.owns.some((o) => errorUnder(errors, o));
              return (
                <button
                  key={t.id}
                  ref={(el) => {
                    tabRefs.current[t.id] = el;
                  }}
                  id={`builder-tab-${t.id}`}
                  type="button"
                  role="tab"
                  aria-selected={tab === t.id}
                  aria-controls={`builder-panel-${t.id}`}
                  tabIndex={tab === t.id ? 0 : -1}
                  onClick={() => setTab(t.id)}
                  onKeyDown={(e) => onTabKey(e, i)}
                  className={clsx(
                    "-mb-px inline-flex items-center gap-1.5 border-b-2 px-0.5 pt-1.5 pb-2.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-600",
                    tab === t.id
                      ? "border-brand-600 text-brand-700"
                      : "border-transparent text-slate-500 hover:border-slate-300 hover:text-slate-800",
                  )}
                >
                  {t.label}
                  {hasError && (
                    <span className="size-1.5 rounded-full bg-red-500">
                      <span className="sr-only"> (has errors)</span>
                    </span>
                  )}
                </button>
              );
            })}
          </div>
          <div id={`builder-panel-${tab}`} role="tabpanel" aria-labelledby={`builder-tab-${tab}`} className="px-5 py-4">
            {/* A disabled fieldset makes every input read-only at once (an archived form, or a role that cannot
                edit this one). */}
            <fieldset disabled={readOnly} className="min-w-0">
              {tab === "fields" && <FieldsPanel {...panelProps} />}
              {tab === "style" && <StylePanel {...panelProps} />}
              {tab === "settings" && <SettingsPanel {...panelProps} workspaceName={workspaceName} />}
            </fieldset>
          </div>
        </Card>
        {/* The preview stays in sight while the settings scroll past. */}
        <div className="min-w-0 space-y-6 lg:sticky lg:top-6">
          <FormPreview formId={form.id} draft={draft} />
          <SharePanel form={form} appUrl={appUrl} />
        </div>
      </div>
    </>
  );
}
