import type { ChangeEvent } from "react";
import { describe, expect, it } from "vitest";
import { textBinder } from "./builder-context";

const typed = (value: string) => ({ target: { value } }) as ChangeEvent<HTMLInputElement>;

describe("textBinder", () => {
  const meta = { slug: "spring", title: null as string | null, description: "Seeds" };
  const patches: Partial<typeof meta>[] = [];
  const bind = textBinder(
    meta,
    (patch) => patches.push(patch),
    (key) => (key === "title" ? "Too long." : undefined),
  );

  it("shows nothing as an empty input and the save's error at the key", () => {
    const title = bind("title");
    expect(title.value).toBe("");
    expect(title.error).toBe("Too long.");
    expect(bind("description")).toMatchObject({ value: "Seeds", error: undefined });
  });

  it("patches only the bound key with what was typed", () => {
    bind("description").onChange(typed("Bulbs"));
    bind("title").onChange(typed(""));
    expect(patches).toEqual([{ description: "Bulbs" }, { title: "" }]);
  });
});
