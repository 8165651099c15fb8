"use client";
import { useState } from "react";

/**
 * "Type <name> to confirm" for irreversible steps (deleting a workspace, handing it to someone else): whether the
 * typed text matches (ignoring surrounding spaces, as the server's check does) and the label of the field that takes
 * it. The server compares again; this only keeps the button disabled until the name is typed.
 */
export function typeToConfirmField(expected: string) {
  return {
    confirmed: (typed: string) => typed.trim() === expected.trim(),
    fieldProps: { label: `Type ${expected} to confirm`, autoComplete: "off" },
  };
}

/** The same, holding the typed text: the TextField's props include its value and onChange. */
export function useTypeToConfirm(expected: string) {
  const [typed, setTyped] = useState("");
  const field = typeToConfirmField(expected);
  return {
    typed,
    confirmed: field.confirmed(typed),
    fieldProps: {
      ...field.fieldProps,
      value: typed,
      onChange: (event: { target: { value: string } }) => setTyped(event.target.value),
    },
  };
}
