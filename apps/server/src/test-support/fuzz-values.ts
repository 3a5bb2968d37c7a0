import fc from "fast-check";
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  isScalarType,
  type GraphQLInputType,
  type GraphQLOutputType,
} from "graphql";

/**
 * fast-check arbitraries for GraphQL input values, for the fuzz suites ("A fuzz suite
 * over every mutation and over multipart bodies"). Values are mostly plausible (so requests get
 * past the first check and reach the services) and often hostile: NUL and control characters,
 * bidi overrides, huge strings and lists, wrong types, unknown keys, out-of-range numbers.
 */

/** Loopback only: a fuzzed address must never make the server connect anywhere else. */
const ADDRESS = /^\s*\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}/;
const loopbackOnly = (value: string): string => (ADDRESS.test(value) && !value.trim().startsWith("127.") ? "127.0.0.1" : value);

const NASTY_STRINGS = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "Zimmer \u202E12",
  "\u001B[31mred",
  "\uFEFF",
  "x".repeat(300),
  "x".repeat(70_000),
  "'; drop table users; --",
  "<script>alert(1)</script>",
  "../../../etc/passwd",
  "%00",
  "😀👩‍⚕️",
  "\uD800",
  "null",
  "0x",
  "#GGGGGG",
  "25:61",
  "127.0.0.1",
  "127.0.0.1:99999",
];

/** Plausible values by field name, so inputs often pass the first check and reach deeper rules. */
const HINTS: Record<string, fc.Arbitrary<unknown>> = {
  name: fc.constantFrom("Zimmer 12", "Station A", "Süd"),
  username: fc.constantFrom("fuzz-user", "admin", "Zürich"),
  password: fc.constantFrom("correct horse battery", "short", "password"),
  password_repeat: fc.constantFrom("correct horse battery", "other"),
  char: fc.constantFrom("A", "b", "Ä", "AB"),
  color: fc.constantFrom("#E03131", "#000000", "red"),
  ip: fc.constantFrom("127.0.0.1", "127.0.0.2", "not-an-ip", "fe80::1"),
  url: fc.constantFrom("https://cam.test/stream", "rtsp://cam.test", "javascript:alert(1)"),
  email: fc.constantFrom("a@b.test", "a@", "a@b.test, c@d.test"),
  locale: fc.constantFrom("de", "en", "fr", "it", "xx"),
  homepage: fc.constantFrom("/log", "//evil.test", "https://evil.test"),
  time: fc.constantFrom("08:00", "23:59", "24:00", "7:5"),
  start: fc.constantFrom("08:00", "2026-01-01", "x"),
  end: fc.constantFrom("18:00", "2026-12-31", "x"),
  slug: fc.constantFrom("station-a", "Station A", "../x"),
  code: fc.constantFrom("admin::manage_users", "calllog::use_module", "nonsense"),
  level: fc.constantFrom("hide", "read", "write", "full"),
  tcp_port: fc.constantFrom(1, 65535, 0, 70000),
};

const intValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: -2, max: 40 }) },
  { weight: 2, arbitrary: fc.constantFrom(0, 1, 253, 254, 255, 999, 9999, 10000, 2 ** 31 - 1, -(2 ** 31)) },
  { weight: 1, arbitrary: fc.constantFrom(2 ** 31, 1.5, Number.MAX_SAFE_INTEGER, "12", null, true) },
);
const stringValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 4, arbitrary: fc.string({ maxLength: 40 }).map(loopbackOnly) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 20 }).map(loopbackOnly) },
  { weight: 1, arbitrary: fc.constantFrom(5, null, [], {}) },
);

/** An arbitrary value for a GraphQL input type; `field` is the name it goes under (for hints). */
export function inputValue(type: GraphQLInputType, field = "", depth = 0): fc.Arbitrary<unknown> {
  if (isNonNullType(type)) {
    // Mostly present; sometimes the client "forgets" it.
    return fc.oneof({ weight: 19, arbitrary: inputValue(type.ofType, field, depth) }, { weight: 1, arbitrary: fc.constant(null) });
  }
  const hint = HINTS[field];
  if (isListType(type)) {
    const item = inputValue(type.ofType, field, depth + 1);
    return fc.oneof(
      { weight: 8, arbitrary: fc.array(item, { maxLength: 4 }) },
      { weight: 1, arbitrary: fc.constant(Array.from({ length: 1001 }, (_, i) => i + 1)) },
      { weight: 1, arbitrary: fc.constant([1, 1, 1]) },
      { weight: 1, arbitrary: item },
    );
  }
  if (isEnumType(type)) {
    return fc.oneof({ weight: 9, arbitrary: fc.constantFrom(...type.getValues().map((v) => v.value as unknown)) }, { weight: 1, arbitrary: stringValue });
  }
  if (isInputObjectType(type)) {
    if (depth > 3) return fc.constant({});
    const fields = Object.values(type.getFields());
    const record = fc.record(Object.fromEntries(fields.map((f) => [f.name, inputValue(f.type, f.name, depth + 1)])), {
      requiredKeys: fields.filter((f) => isNonNullType(f.type)).map((f) => f.name),
    });
    return fc.oneof(
      { weight: 9, arbitrary: record },
      { weight: 1, arbitrary: record.map((r) => ({ ...r, unknown_field: "x" })) },
      { weight: 1, arbitrary: fc.constantFrom("x", 1, []) },
    );
  }
  if (isScalarType(type)) {
    const plain = type.name === "Int" || type.name === "Float" ? intValue : type.name === "Boolean" ? fc.oneof(fc.boolean(), fc.constant("true")) : stringValue;
    return hint ? fc.oneof({ weight: 3, arbitrary: hint }, { weight: 2, arbitrary: plain }) : plain;
  }
  return fc.constant(null);
}

/** The smallest selection that makes a field's result valid GraphQL. */
export function minimalSelection(type: GraphQLOutputType): string {
  return isLeafType(getNamedType(type)) ? "" : " { __typename }";
}
