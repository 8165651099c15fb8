"use client";
import { errorMessage } from "@/lib/action-result";
import { Notice } from "./notice";

/** A card list's load failure, in the card, above whatever data is still shown; nothing while the query is fine. */
export function QueryErrorNotice({ query }: { query: { isError: boolean; error: unknown } }) {
  if (!query.isError) return null;
  return (
    <Notice tone="error" className="m-5">
      {errorMessage(query.error)}
    </Notice>
  );
}
