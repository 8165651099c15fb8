import { describe, expect, it } from "vitest";
import { ZUpdateBroadcast } from "@/lib/schemas/broadcasts";
import {
  addVariant,
  changeVariant,
  clampPercent,
  delayIn,
  delayMinutes,
  delayText,
  MAX_VARIANTS,
  nextVariantId,
  removeVariant,
  splitDelay,
  splitText,
  startAbTest,
  stopAbTest,
  subjectChange,
} from "./ab-test";

const subjects = (variants: { id: string }[]) => variants.map((v) => v.id).join("");

describe("turning the test on and off", () => {
  it("starts with A carrying the subject, B empty, and the default 20 % share", () => {
    expect(startAbTest({ subject: "November news", abTestPercent: null })).toEqual({
      variants: [
        { id: "a", subject: "November news" },
        { id: "b", subject: "" },
      ],
      abTestPercent: 20,
      abWinnerMetric: null,
      abWinnerAfterMinutes: null,
    });
    expect(startAbTest({ subject: null, abTestPercent: 35 }).abTestPercent).toBe(35);
  });

  it("turned off, leaves settings the update schema accepts (no variants, no A/B fields)", () => {
    expect(ZUpdateBroadcast.safeParse(stopAbTest()).success).toBe(true);
  });
});

describe("adding and removing variants", () => {
  it("adds letters in order up to ten, each unique, and the result passes the schema", () => {
    let variants = startAbTest({ subject: "S", abTestPercent: null }).variants;
    while (variants.length < MAX_VARIANTS + 3) {
      const next = addVariant(variants);
      if (next === variants) break;
      variants = next;
    }
    expect(subjects(variants)).toBe("abcdefghij");
    const filled = variants.map((v) => ({ ...v, subject: `Subject ${v.id}` }));
    expect(ZUpdateBroadcast.safeParse({ variants: filled }).success).toBe(true);
  });

  it("reuses a freed letter and never removes below two", () => {
    let variants = addVariant(addVariant(startAbTest({ subject: "S", abTestPercent: null }).variants));
    expect(subjects(variants)).toBe("abcd");
    variants = removeVariant(variants, 1);
    expect(subjects(variants)).toBe("acd");
    expect(nextVariantId(variants)).toBe("b");
    variants = removeVariant(variants, 2);
    expect(subjects(variants)).toBe("ac");
    expect(removeVariant(variants, 0)).toBe(variants);
    expect(removeVariant(addVariant(variants), 7)).toHaveLength(3);
  });

  it("names ids past z without repeating one", () => {
    const all = Array.from({ length: 26 }, (_, i) => ({ id: String.fromCharCode(97 + i), subject: "x" }));
    expect(nextVariantId(all)).toBe("v27");
    expect(nextVariantId([...all, { id: "v27", subject: "x" }])).toBe("v28");
  });
});

describe("the first variant is the broadcast's subject", () => {
  const draft = { variants: startAbTest({ subject: "Old", abTestPercent: null }).variants };

  it("moves the broadcast subject with variant A, and only with A", () => {
    expect(changeVariant(draft, 0, { subject: "New" })).toEqual({
      subject: "New",
      variants: [
        { id: "a", subject: "New" },
        { id: "b", subject: "" },
      ],
    });
    expect(changeVariant(draft, 1, { subject: "Other" })).not.toHaveProperty("subject");
    expect(changeVariant(draft, 0, { previewText: "Peek" })).not.toHaveProperty("subject");
  });

  it("moves variant A with the broadcast subject while a test is on", () => {
    expect(subjectChange({ variants: [] }, "Plain")).toEqual({ subject: "Plain" });
    expect(subjectChange(draft, "Both").variants?.map((v) => v.subject)).toEqual(["Both", ""]);
  });
});

describe("the test share", () => {
  it("keeps a whole percent within 1–99", () => {
    expect([0, 1, 20.4, 99, 150, -3, Number.NaN].map(clampPercent)).toEqual([1, 1, 20, 99, 99, 1, 20]);
  });

  it("explains who gets what", () => {
    expect(splitText(20, 2)).toBe("20% get the test, split evenly (10% per variant); the rest (80%) get the winner.");
    expect(splitText(25, 3)).toBe("25% get the test, split evenly (8.3% per variant); the rest (75%) get the winner.");
  });
});

describe("the winner delay", () => {
  it("shows stored minutes in the largest even unit and back", () => {
    expect(splitDelay(240)).toEqual({ amount: 4, unit: "hours" });
    expect(splitDelay(2880)).toEqual({ amount: 2, unit: "days" });
    expect(splitDelay(90)).toEqual({ amount: 90, unit: "minutes" });
    expect(delayMinutes(4, "hours")).toBe(240);
    expect(delayMinutes(1.5, "hours")).toBe(90);
  });

  it("keeps the unit the marketer chose while it shows the delay whole", () => {
    expect(delayIn(1440, "hours")).toEqual({ amount: 24, unit: "hours" });
    expect(delayIn(90, "hours")).toEqual({ amount: 90, unit: "minutes" });
  });

  it("keeps the delay within 15 minutes and 7 days", () => {
    expect(delayMinutes(5, "minutes")).toBe(15);
    expect(delayMinutes(30, "days")).toBe(10_080);
    expect(delayMinutes(Number.NaN, "hours")).toBe(15);
    expect(delayText(60)).toBe("1 hour");
    expect(delayText(10_080)).toBe("7 days");
  });
});
