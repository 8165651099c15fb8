"use client";
import { useState } from "react";
import { toFieldErrorMap, type ActionResultLike, type FieldErrorMap } from "@/lib/action-result";

/**
 * Runs one server action and keeps what the form shows: pending, the summary error and the field errors. Answers
 * the data on success, undefined on failure (the error is then in state); a throw (the network) is "Something went
 * wrong". Pending ends with the action: a form that navigates away afterwards keeps its own pending state.
 */
export function useAction<I, T>(action: (input: I) => Promise<ActionResultLike<T>>) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();
  const [fieldErrors, setFieldErrors] = useState<FieldErrorMap>({});
  async function run(input: I): Promise<T | undefined> {
    setPending(true);
    setError(undefined);
    setFieldErrors({});
    try {
      const result = await action(input);
      if (result.ok) return result.data;
      setError(result.error);
      setFieldErrors(toFieldErrorMap(result.fieldErrors));
      return undefined;
    } catch {
      setError("Something went wrong. Try again.");
      return undefined;
    } finally {
      setPending(false);
    }
  }
  const reset = () => {
    setError(undefined);
    setFieldErrors({});
  };
  return { run, pending, error, fieldErrors, reset };
}
