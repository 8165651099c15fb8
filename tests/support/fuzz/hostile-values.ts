// Values that break APIs: text PostgreSQL cannot store, dates it cannot hold, numbers past every range, nesting that
// overflows recursive code, and bodies that are not what they claim to be.

const UUID = "6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f";

/** Dates and times that parse somewhere but that PostgreSQL cannot hold, or that are no dates at all. */
export const BAD_DATES: readonly string[] = [
  "0000-01-01T00:00:00Z",
  "0000-01-01",
  "2026-01-01T00:00:00+23:00",
  "2026-01-01T00:00:00-16:00",
  "10000-01-01T00:00:00Z",
  "10000-01-01",
  "+010000-01-01T00:00:00Z",
  "-000001-01-01T00:00:00Z",
  "2026-02-30",
  "2026-11-22T24:00:00Z",
  "2026-13-01",
  "1970-01-01T00:00:00.0000000001Z",
];

/** Strings for any text field. The dates are here too: most date fields are typed as plain strings. */
export const BAD_STRINGS: readonly string[] = [
  "",
  " \t ",
  "\u0000",
  "a\u0000b",
  "\ud800",
  "x\udfffy",
  "\udc00\ud800",
  "\u0001\u0008\u001b\u007f",
  "\r\n",
  "\u202eevil",
  "\ufeff",
  "😀👩‍👩‍👧",
  '\'; DROP TABLE "Contact"; --',
  "%00",
  "../../etc/passwd",
  "NaN",
  "Infinity",
  "-1",
  "1e308",
  "9007199254740993",
  "true",
  "null",
  UUID.toUpperCase(),
  ...BAD_DATES,
];

/** Query values, already percent-encoded: `%ED%A0%80` is a UTF-8-encoded lone surrogate, `%FF` is no UTF-8 at all. */
export const BAD_QUERY_VALUES: readonly string[] = [
  "",
  "%00",
  "a%00b",
  "%ED%A0%80",
  "%FF%FE",
  "%",
  "%zz",
  "x".repeat(100_000),
  "-1",
  "0",
  "1.5",
  "1e3",
  "NaN",
  "Infinity",
  "9007199254740993",
  "99999999999999999999",
  "%20%201",
  "0x10",
  "0000-01-01",
  "0000-01-01T00:00:00Z",
  "2026-01-01T00:00:00%2B23:00",
  "10000-01-01",
  "10000-01-01T00:00:00Z",
  "2026-02-30",
  "2026-11-22T24:00:00Z",
  UUID.toUpperCase(),
  `${UUID}%00`,
  "subscribed%00",
  "%E2%80%AE",
  "a%26b%3Dc",
  "[]",
  "{}",
];

/** Raw JSON number texts (1e400 parses to Infinity; -0 and 2^53+1 lose meaning in JavaScript). */
export const BAD_NUMBERS: readonly string[] = [
  "-1",
  "0",
  "-0",
  "1.5",
  "1e308",
  "-1e308",
  "1e400",
  "-1e400",
  "9007199254740993",
  "2147483648",
  "-2147483649",
  "5e-324",
  "1e-400",
];

export const WRONG_TYPES: readonly unknown[] = [null, true, 0, -1, "text", [], {}, [[]], { a: {} }, [null], 1.5];

/** 1,000 levels of arrays and of objects: recursive validators and serialisers must not blow the stack. */
export const DEEP: readonly string[] = [
  `${"[".repeat(1000)}${"]".repeat(1000)}`,
  `${'{"a":'.repeat(1000)}1${"}".repeat(1000)}`,
  `${'{"type":"group","match":"all","conditions":['.repeat(1000)}${"]}".repeat(1000)}`,
];

export const MALFORMED_JSON: readonly string[] = [
  "{",
  '{"a":',
  "{'a': 1}",
  '{"a": 1,}',
  "[1, 2",
  "undefined",
  "NaN",
  '{"a": 01}',
  '{"a": "\\x41"}',
  '{"a": "\\ud800"',
  "\u0000",
  "\ufeff{}",
  "null",
  "[]",
  '"just a string"',
  "42",
  "true",
  '{"a":1}{"b":2}',
  "a=1&b=2",
  "<xml/>",
];

/** Content types that are not JSON (undefined: no Content-Type header at all). */
export const WRONG_CONTENT_TYPES: readonly (string | undefined)[] = [
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=xyz",
  "application/xml",
  undefined,
  "application/json; charset=utf-16",
  "application/jsonp",
  "",
];

/** Path ids that are not ids. */
export const GARBAGE_IDS: readonly string[] = [
  "1",
  "0",
  "-1",
  "null",
  "undefined",
  "..",
  "%00",
  "\u0000",
  `${UUID}\u0000`,
  `${UUID}x`,
  ` ${UUID}`,
  `{${UUID}}`,
  UUID.replace(/-/g, ""),
  "00000000-0000-0000-0000-000000000000",
  "ffffffff-ffff-ffff-ffff-ffffffffffff",
  "x".repeat(10_000),
  "\ud800",
  "😀",
];
