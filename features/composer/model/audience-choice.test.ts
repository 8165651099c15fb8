import { describe, expect, it } from "vitest";
import { ZUpdateBroadcast } from "@/lib/schemas/broadcasts";
import {
  choiceOf,
  EMPTY_CHOICE,
  errorsById,
  filterFor,
  missingChoice,
  recipientsText,
  remember,
  toggleId,
} from "./audience-choice";

const S1 = "3f8e2c1a-5b7d-4e9f-a1c2-6d0b9e8f7a21";
const S2 = "4a8e2c1a-5b7d-4e9f-a1c2-6d0b9e8f7a22";
const T1 = "5b8e2c1a-5b7d-4e9f-a1c2-6d0b9e8f7a23";

describe("the filter each audience type saves", () => {
  const choice = { segmentIds: [S1], excludeSegmentIds: [S2], tagIds: [T1] };

  it("holds only its own lists, and the update schema accepts it for that type", () => {
    expect(filterFor("all", choice)).toEqual({});
    expect(filterFor("segments", choice)).toEqual({ segmentIds: [S1], excludeSegmentIds: [S2] });
    expect(filterFor("tags", choice)).toEqual({ tagIds: [T1] });
    for (const audienceType of ["all", "segments", "tags"] as const) {
      const parsed = ZUpdateBroadcast.safeParse({ audienceType, audienceFilter: filterFor(audienceType, choice) });
      expect(parsed.success).toBe(true);
    }
  });

  it("reads a stored filter, ignoring what is not a list of strings", () => {
    expect(choiceOf({ segmentIds: [S1, 4, null], tagIds: "x", other: [1] })).toEqual({
      ...EMPTY_CHOICE,
      segmentIds: [S1],
    });
  });
});

describe("remembering choices across type switches", () => {
  it("takes the draft's lists for its type and keeps the others", () => {
    const memory = { segmentIds: [S1], excludeSegmentIds: [], tagIds: [T1] };
    expect(remember(memory, "tags", { tagIds: [] })).toEqual({ ...memory, tagIds: [] });
    expect(remember(memory, "all", {})).toEqual(memory);
    expect(remember(memory, "segments", { segmentIds: [S2] })).toEqual({
      segmentIds: [S2],
      excludeSegmentIds: [],
      tagIds: [T1],
    });
  });
});

describe("choosing ids", () => {
  it("toggles, and a segment is never both included and excluded", () => {
    let choice = toggleId(EMPTY_CHOICE, "segmentIds", S1);
    expect(choice.segmentIds).toEqual([S1]);
    choice = toggleId(choice, "excludeSegmentIds", S1);
    expect(choice).toMatchObject({ segmentIds: [], excludeSegmentIds: [S1] });
    choice = toggleId(choice, "segmentIds", S1);
    expect(choice).toMatchObject({ segmentIds: [S1], excludeSegmentIds: [] });
    expect(toggleId(choice, "segmentIds", S1).segmentIds).toEqual([]);
  });

  it("asks for a choice with the schema's words, never about UUIDs", () => {
    expect(missingChoice("segments", EMPTY_CHOICE)).toBe("Choose at least one segment.");
    expect(missingChoice("tags", EMPTY_CHOICE)).toBe("Choose at least one tag.");
    expect(missingChoice("all", EMPTY_CHOICE)).toBeNull();
    expect(missingChoice("segments", { ...EMPTY_CHOICE, segmentIds: [S1] })).toBeNull();
    const refused = ZUpdateBroadcast.safeParse({ audienceType: "segments", audienceFilter: { segmentIds: [] } });
    expect(refused.error?.issues.map((i) => i.message)).toEqual([missingChoice("segments", EMPTY_CHOICE)]);
  });
});

describe("errors about single ids", () => {
  it("finds each message by the id at that position", () => {
    const errors = {
      "#/audienceFilter/segmentIds/1": "No segment with this id exists in this workspace.",
      "#/audienceFilter/tagIds/0": "No tag",
    };
    expect([...errorsById(errors, "segmentIds", [S1, S2])]).toEqual([
      [S2, "No segment with this id exists in this workspace."],
    ]);
    expect(errorsById(errors, "excludeSegmentIds", [S1]).size).toBe(0);
  });
});

it("counts recipients in words", () => {
  expect(recipientsText(1)).toBe("1 recipient");
  expect(recipientsText(12480)).toBe("12,480 recipients");
  expect(recipientsText(0)).toBe("0 recipients");
});
