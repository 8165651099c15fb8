import { describe, expect, it } from "vitest";
import { fitLabel } from "./labelled-bars";

describe("fitLabel", () => {
  it("keeps a name that fits and cuts a longer one to the width with an ellipsis", () => {
    expect(fitLabel("Desktop", 11)).toBe("Desktop");
    expect(fitLabel("a-very-long-referring-site.example.org", 16)).toBe("a-very-long-ref…");
    expect(fitLabel("a-very-long-referring-site.example.org", 16)).toHaveLength(16);
  });
});
