"use client";
import { useState, type ChangeEvent, type FormEvent, type ReactNode } from "react";
import type { FieldErrorMap } from "@/lib/action-result";
import { Button } from "./button";
import { Dialog, DialogFooter } from "./dialog";
import { Notice } from "./notice";
import { formErrorsOf, formLevelMessage, type FormErrors } from "./form-errors";

export type { FormErrors } from "./form-errors";

/** The keys of the values that hold text: the ones a text input can edit. */
type TextKey<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;

export type FormState<V> = {
  values: V;
  set: <K extends keyof V>(key: K, value: V[K]) => void;
  errors: FormErrors;
  /** A text field's name, value, onChange and error, to spread on a TextField. */
  bind: (key: TextKey<V>) => {
    name: string;
    value: string;
    onChange: (event: ChangeEvent<HTMLInputElement>) => void;
    error: string | undefined;
  };
};

type FormDialogProps<V> = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  size?: "sm" | "md" | "lg";
  /** The form's values each time it opens. */
  initialValues: V;
  /** Remounts the form, so reopening it on another record starts from that record's values. */
  formKey?: string;
  /** Names what the form does ("Create tag", "Send invitation"); never a bare "OK". */
  submitLabel: string;
  /** For a step that cannot be undone: a red submit button, and focus starts on Cancel so a stray Enter does no harm. */
  destructive?: boolean;
  submitDisabled?: (values: V) => boolean;
  /** Checks made before anything is sent; errors keyed by field stop the submit and show under their fields. */
  validate?: (values: V) => FieldErrorMap | null;
  /**
   * Called with the values on submit. When it returns a promise the dialog is pending until it settles, and what it
   * throws (an ActionError from `unwrap`) is shown like `error`.
   */
  onSubmit: (values: V) => void | Promise<void>;
  /** Pending from outside, such as a TanStack Query mutation's isPending. */
  pending?: boolean;
  /** A failure from outside (a mutation's error, an action's failed result): its summary and its field errors. */
  error?: unknown;
  /**
   * The fields whose errors this form shows (default: every key of the values). A summary goes on top of the form
   * when none of them carries the failure: a lost session, a 404, a field this form does not show.
   */
  fields?: readonly string[];
  /** The fields, given the values, a setter and the errors to show under them. */
  children: (form: FormState<V>) => ReactNode;
};

/**
 * The create/edit dialog scaffold: title and description, a form whose first field has focus (unless an element is
 * marked `data-autofocus`), field errors from the action's problem pointers, a pending submit button and Cancel.
 * The form is rendered only while the dialog is open, so it starts from `initialValues`, with no error, each time.
 */
export function FormDialog<V extends object>({
  open,
  onClose,
  title,
  description,
  size,
  formKey,
  ...form
}: FormDialogProps<V>) {
  return (
    <Dialog open={open} onClose={onClose} title={title} description={description} size={size}>
      <DialogForm key={formKey} onClose={onClose} {...form} />
    </Dialog>
  );
}

function DialogForm<V extends object>({
  onClose,
  initialValues,
  submitLabel,
  destructive,
  submitDisabled,
  validate,
  onSubmit,
  pending,
  error,
  fields,
  children,
}: Omit<FormDialogProps<V>, "open" | "title" | "description" | "size" | "formKey">) {
  const [values, setValues] = useState(initialValues);
  const [ownPending, setOwnPending] = useState(false);
  const [ownError, setOwnError] = useState<unknown>();
  // The form's own checks hold until the person changes something.
  const [checks, setChecks] = useState<FieldErrorMap>({});
  const failure = ownError ?? error;
  const errors = formErrorsOf(failure, checks);
  const formError = formLevelMessage(failure, fields ?? Object.keys(initialValues));

  const set = <K extends keyof V>(key: K, value: V[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setChecks({});
  };

  const bind = (key: TextKey<V>) => ({
    name: key,
    value: values[key] as string,
    onChange: (event: ChangeEvent<HTMLInputElement>) => set(key, event.target.value as V[typeof key]),
    error: errors.field(key),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validate?.(values);
    if (found && Object.keys(found).length > 0) return setChecks(found);
    setOwnError(undefined);
    const result = onSubmit(values);
    if (!(result instanceof Promise)) return;
    setOwnPending(true);
    result.catch(setOwnError).finally(() => setOwnPending(false));
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-5" data-form-dialog="">
      {formError && <Notice tone="error">{formError}</Notice>}
      {children({ values, set, errors, bind })}
      <DialogFooter>
        <Button variant="secondary" onClick={onClose} data-autofocus={destructive || undefined}>
          Cancel
        </Button>
        <Button
          type="submit"
          variant={destructive ? "danger" : "primary"}
          loading={pending || ownPending}
          disabled={submitDisabled?.(values)}
        >
          {submitLabel}
        </Button>
      </DialogFooter>
    </form>
  );
}
