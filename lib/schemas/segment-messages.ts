// What the segment builder and the segments API say about an unfinished or wrong condition, in the marketer's words.
// One table for both: the builder shows these at the condition before asking the server, and the server answers the
// same sentence at the same pointer (zod's issues in lib/schemas/segments.ts, the field checks in
// server/services/segments/check-field-condition.ts). Never zod's defaults ("Invalid UUID", "Invalid input").
/** lib/schemas/segments.ts MAX_LIST_VALUES (not imported: segments.ts imports this file). */
const MAX_LIST = 100;

export const SEGMENT_MESSAGES = {
  chooseTag: "Choose a tag.",
  chooseTagOperator: "Choose “has tag” or “does not have tag”.",
  chooseField: "Choose a field.",
  chooseOperator: "Choose how to compare.",
  chooseActivity: "Choose an activity: opened, clicked, did not open, or submitted a form.",
  broadcastId: "Choose a broadcast by its id, or leave it empty for any broadcast.",
  formId: "Choose a form by its id, or leave it empty for any form.",
  enterText: "Enter a value, or use “is not set” to find contacts without one.",
  enterNumber: "Enter a number.",
  enterDate: "Enter a date.",
  enterDays: "Enter a whole number of days from 1 to 3650.",
  chooseStatus: "Choose a status.",
  chooseOption: "Choose one of the field's options.",
  chooseValues: `Choose between 1 and ${MAX_LIST} values.`,
  noValue: "This comparison takes no value: leave it empty.",
  value: "Enter a value: text (at most 500 characters), a number, or a list of values.",
  chooseMatch: "Choose whether all or any of the conditions must hold.",
  chooseType: "Choose what the condition tests: a field, a tag or an activity.",
} as const;

/** A select field's value or a status outside the list. */
export const chooseOneOf = (what: "status" | "option", allowed: readonly string[]) =>
  what === "status"
    ? `Choose a status: ${allowed.join(", ")}.`
    : allowed.length
      ? `Choose one of the field's options: ${allowed.join(", ")}.`
      : "This field has no options yet: add some in Settings › Custom fields.";
