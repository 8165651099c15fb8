"use client";
import { useState } from "react";

/**
 * "Type <name> to confirm" for irreversible steps (deleting a workspace, handing it to someone else): the typed text,
 * whether it matches (ignoring surrounding spaces, as the server's check does), and the props of the TextField that
 * takes it. The server compares again; this only keeps the button disabled until the name is typed.
 */
export function useTypeToConfirm(expected: string) {
  const [typed, setTyped] = useState("");
  return {
    typed,
    confirmed: typed.trim() === expected.trim(),
    fieldProps: {
      label: `Type ${expected} to confirm`,
      autoComplete: "off",
      value: typed,
      onChange: (event: { target: { value: string } }) => setTyped(event.target.value),
    },
  };
}
