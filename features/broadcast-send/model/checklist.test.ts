import { describe, expect, it } from "vitest";
import type { ComposerDraft } from "@/lib/composer/draft";
import { PLACEHOLDER_IMAGE } from "@/lib/schemas/block-constants";
import { blockingReason, buildChecklist, checklistKeyOf, sameAudience, type Readiness } from "./checklist";

const draft = (patch: Partial<ComposerDraft> = {}): ComposerDraft => ({
  name: "November",
  subject: "Hello",
  previewText: null,
  fromName: "Olivia",
  fromEmail: "news@olivia.test",
  replyTo: null,
  audienceType: "all",
  audienceFilter: {},
  blocks: [{ type: "text", text: "Hi", align: "left", id: "b1" }],
  theme: "light" as ComposerDraft["theme"],
  footerStyles: {} as ComposerDraft["footerStyles"],
  variants: [],
  abTestPercent: null,
  abWinnerMetric: null,
  abWinnerAfterMinutes: null,
  ...patch,
});

const ready: Readiness = { kind: "ready", recipientCount: 12 };
const states = (items: ReturnType<typeof buildChecklist>) => Object.fromEntries(items.map((i) => [i.key, i.state]));

describe("checklistKeyOf", () => {
  it.each([
    ["#/subject", "subject"],
    ["#/variants/1/subject", "subject"],
    ["#/fromEmail", "sender"],
    ["#/blocks", "content"],
    ["#/blocks/3/href", "content"],
    ["#/audienceFilter", "audience"],
    ["#/audienceFilter/segmentIds/0", "audience"],
    ["#/workspace/postalAddress", "postalAddress"],
    ["#/somethingElse", null],
  ])("%s → %s", (pointer, key) => expect(checklistKeyOf(pointer)).toBe(key));
});

describe("buildChecklist", () => {
  it("holds content back while an image block, in a column too, still shows the stand-in picture", () => {
    const image = (id: string, src = PLACEHOLDER_IMAGE) => ({
      type: "image" as const,
      id,
      src,
      alt: "",
      align: "center" as const,
    });
    const one = buildChecklist(draft({ blocks: [image("i1")] }), ready, true).find((i) => i.key === "content");
    expect(one).toMatchObject({ state: "missing", detail: expect.stringMatching(/^An image block has no picture/) });
    const columns = draft({
      blocks: [image("i1"), { type: "columns", id: "c", columns: [{ blocks: [image("i2")] }, { blocks: [] }] }],
    });
    expect(buildChecklist(columns, ready, true).find((i) => i.key === "content")?.detail).toMatch(/^2 image blocks/);
    const real = draft({ blocks: [image("i1", "https://cdn.example.org/a.png")] });
    expect(buildChecklist(real, ready, true).find((i) => i.key === "content")?.state).toBe("ok");
  });

  it("ticks every item for a complete draft the server found ready", () => {
    const items = buildChecklist(draft(), ready, true);
    expect(items.map((i) => i.key)).toEqual(["subject", "sender", "content", "audience", "postalAddress"]);
    expect(items.every((i) => i.state === "ok")).toBe(true);
    expect(blockingReason(items)).toBeNull();
  });

  it("reads subject, sender and content from the draft, newer than the server's answer", () => {
    const items = buildChecklist(draft({ subject: "  ", fromEmail: null, blocks: [] }), ready, true);
    expect(states(items)).toEqual({
      subject: "missing",
      sender: "missing",
      content: "missing",
      audience: "ok",
      postalAddress: "ok",
    });
    expect(blockingReason(items)).toBe("Before sending: subject, sender, content.");
    // …and trusts the draft over a stale 422 that the draft has since fixed.
    const fixed = buildChecklist(draft(), { kind: "missing", pieces: [{ pointer: "#/subject", detail: "x" }] }, true);
    expect(fixed.find((i) => i.key === "subject")?.state).toBe("ok");
  });

  it("accepts A/B variants in place of the subject, and their own blocks in place of the main content", () => {
    const variants = [
      { id: "a", subject: "A", blocks: [{ type: "text" as const, text: "a", align: "left" as const }] },
      { id: "b", subject: "B", blocks: [{ type: "text" as const, text: "b", align: "left" as const }] },
    ];
    expect(states(buildChecklist(draft({ subject: null, blocks: [], variants }), ready, true))).toMatchObject({
      subject: "ok",
      content: "ok",
    });
    const half = [variants[0]!, { id: "b", subject: "B" }];
    expect(states(buildChecklist(draft({ blocks: [], variants: half }), ready, true)).content).toBe("missing");
  });

  it("takes the empty audience and the postal address from the server's 422, in its words", () => {
    const readiness: Readiness = {
      kind: "missing",
      pieces: [
        { pointer: "#/audienceFilter", detail: "The audience has no subscribed contacts." },
        { pointer: "#/workspace/postalAddress", detail: "Set the workspace's postal address." },
      ],
    };
    const items = buildChecklist(draft(), readiness, true);
    expect(items.find((i) => i.key === "audience")).toMatchObject({
      state: "missing",
      detail: "The audience has no subscribed contacts.",
    });
    expect(items.find((i) => i.key === "postalAddress")).toMatchObject({ state: "missing" });
    expect(blockingReason(items)).toBe("Before sending: audience, postal address.");
  });

  it("flags segments or tags chosen without any ids at once, before the server is asked", () => {
    const items = buildChecklist(draft({ audienceType: "tags", audienceFilter: { tagIds: [] } }), ready, false);
    expect(items.find((i) => i.key === "audience")).toMatchObject({
      state: "missing",
      detail: "Choose at least one tag.",
    });
  });

  it("blocks a button without a link, in the draft or a variant, and leads to the first one's link field", () => {
    const button = (id: string, href: string) => ({
      type: "button" as const,
      id,
      text: "Order now",
      href,
      align: "center" as const,
    });
    const linked = buildChecklist(draft({ blocks: [button("b1", "https://shop.example")] }), ready, true);
    expect(linked.map((i) => i.key)).toEqual(["subject", "sender", "content", "links", "audience", "postalAddress"]);
    expect(blockingReason(linked)).toBeNull();

    const one = buildChecklist(
      draft({ blocks: [button("b1", "https://shop.example"), button("b2", "")] }),
      ready,
      true,
    );
    expect(one.find((i) => i.key === "links")).toEqual({
      key: "links",
      label: "Button links",
      state: "missing",
      detail: "The button “Order now” has no link: add one.",
      fix: { blockId: "b2", field: "href" },
    });
    expect(blockingReason(one)).toBe("Before sending: button links.");
    // The server says so too (its 422 points at the href), but the draft is the newer word.
    const fixed = buildChecklist(
      draft({ blocks: [button("b2", "https://shop.example")] }),
      { kind: "missing", pieces: [{ pointer: "#/blocks/0/href", detail: "The button has no link." }] },
      true,
    );
    expect(states(fixed).links).toBe("ok");

    const columns = draft({
      blocks: [{ type: "columns", id: "c", columns: [{ blocks: [button("x", "")] }, { blocks: [button("y", "")] }] }],
    });
    expect(buildChecklist(columns, ready, true).find((i) => i.key === "links")).toMatchObject({
      detail: "2 buttons have no link: add one to each.",
      fix: { blockId: "x", field: "href" },
    });
    const variants = [
      { id: "a", subject: "A" },
      { id: "b", subject: "B", blocks: [button("v", "")] },
    ];
    expect(buildChecklist(draft({ variants }), ready, true).find((i) => i.key === "links")?.fix).toBe("variants");
  });

  it("warns, without blocking, about merge tags without a fallback that some recipients lack, with the count", () => {
    const tagged = draft({
      subject: "Fresh from the oven, {{firstName}}!",
      blocks: [
        { type: "text", id: "t1", text: "Hi {{firstName|there}}", align: "left" },
        { type: "text", id: "t2", text: "Your plan: {{plan}}. {{lastName}}", align: "left" },
      ],
    });
    const counts = { recipients: 140, missing: { firstName: 12, plan: 1, lastName: 0 } };
    const items = buildChecklist(tagged, ready, true, { counts, labels: [{ key: "plan", label: "Plan" }] });
    const warnings = items.filter((i) => i.state === "warning");
    expect(warnings).toEqual([
      {
        key: "merge:firstName",
        label: "{{firstName}} without a fallback",
        state: "warning",
        detail: "12 of 140 recipients have no First name: they will see an empty space. Add a fallback.",
        fix: "subject",
      },
      {
        key: "merge:plan",
        label: "{{plan}} without a fallback",
        state: "warning",
        detail: "1 of 140 recipients has no Plan: they will see an empty space. Add a fallback.",
        fix: { blockId: "t2" },
      },
    ]);
    expect(blockingReason(items)).toBeNull();
    // Nothing before the server has counted.
    expect(buildChecklist(tagged, ready, true).some((i) => i.state === "warning")).toBe(false);
  });

  it("waits for the server while the audience on screen is not the one it checked, or before any answer", () => {
    expect(states(buildChecklist(draft(), ready, false)).audience).toBe("checking");
    const unknown = buildChecklist(draft(), { kind: "unknown" }, true);
    expect(states(unknown)).toMatchObject({ audience: "checking", postalAddress: "checking", subject: "ok" });
    expect(blockingReason(unknown)).toBe("Checking the audience…");
  });
});

describe("sameAudience", () => {
  it("ignores key order, id order and the server's defaults, and tells different choices apart", () => {
    const a = { audienceType: "segments", audienceFilter: { segmentIds: ["s2", "s1"] } };
    expect(
      sameAudience(a, {
        audienceType: "segments",
        audienceFilter: { excludeSegmentIds: [], segmentIds: ["s1", "s2"] },
      }),
    ).toBe(true);
    expect(sameAudience(a, { audienceType: "segments", audienceFilter: { segmentIds: ["s1"] } })).toBe(false);
    expect(
      sameAudience(a, {
        audienceType: "segments",
        audienceFilter: { segmentIds: ["s1", "s2"], excludeSegmentIds: ["s3"] },
      }),
    ).toBe(false);
    expect(sameAudience(a, { audienceType: "tags", audienceFilter: { tagIds: ["s1", "s2"] } })).toBe(false);
    expect(sameAudience({ audienceType: "all", audienceFilter: {} }, { audienceType: "all", audienceFilter: {} })).toBe(
      true,
    );
  });
});

describe("the From domain warning", () => {
  const itemOf = (items: ReturnType<typeof buildChecklist>) => items.find((i) => i.key === "fromDomain");

  it("warns (without blocking) when no verified sending domain signs the From address, and says what to do", () => {
    const items = buildChecklist(draft({ fromEmail: "news@shop.com" }), ready, true, { counts: null }, []);
    expect(itemOf(items)).toEqual({
      key: "fromDomain",
      label: "Sending domain",
      state: "warning",
      detail:
        "news@shop.com: shop.com is not a verified sending domain. Add it in Settings → Sending domains and publish its records, or mail may land in spam.",
    });
    expect(blockingReason(items)).toBeNull();
  });

  it("names the verified domains when the From domain is not aligned with any of them", () => {
    const domains = [{ domain: "brand.org", status: "verified" as const }];
    const detail = itemOf(
      buildChecklist(draft({ fromEmail: "news@shop.com" }), ready, true, { counts: null }, domains),
    )?.detail;
    expect(detail).toMatch(
      /^news@shop\.com: shop\.com is not a verified sending domain and is not aligned with the verified domain \(brand\.org\), so DMARC fails/,
    );
  });

  it("nothing when the domain or a parent is verified, while the domains are unknown, or without a From address", () => {
    const verified = [{ domain: "shop.com", status: "verified" as const }];
    expect(
      itemOf(buildChecklist(draft({ fromEmail: "a@news.shop.com" }), ready, true, { counts: null }, verified)),
    ).toBeUndefined();
    expect(
      itemOf(buildChecklist(draft({ fromEmail: "news@shop.com" }), ready, true, { counts: null }, null)),
    ).toBeUndefined();
    expect(itemOf(buildChecklist(draft({ fromEmail: "" }), ready, true, { counts: null }, []))).toBeUndefined();
  });
});
