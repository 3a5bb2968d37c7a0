import { describe, expect, it } from "vitest";
import { z } from "zod";
import { FORM_ERROR_KEY, configuratorInputSchema, fieldErrors, initialUserInputSchema, loginInputSchema, setPasswordInputSchema } from "./validation.ts";

/** The per-field errors a schema reports for `input` (empty object when valid). */
function errorsOf(schema: z.ZodType, input: unknown): ReturnType<typeof fieldErrors> {
  const result = schema.safeParse(input);
  return result.success ? {} : fieldErrors(result.error);
}

describe("loginInputSchema", () => {
  // spec: "POST {backend}/login, JSON username and password"
  it.each([
    ["valid", { username: "admin", password: "secret" }, {}],
    ["missing both", {}, { username: "validation.required", password: "validation.required" }],
    ["empty username", { username: "", password: "x" }, { username: "validation.required" }],
    ["username too long", { username: "u".repeat(256), password: "x" }, { username: "validation.max_length" }],
    ["password too long", { username: "u", password: "p".repeat(1025) }, { password: "validation.max_length" }],
    ["unknown key", { username: "u", password: "p", admin: true }, { [FORM_ERROR_KEY]: "validation.unknown_field" }],
  ])("%s", (_label, input, expected) => {
    const firstMessages = Object.fromEntries(Object.entries(errorsOf(loginInputSchema, input)).map(([field, list]) => [field, list[0]?.message]));
    expect(firstMessages).toEqual(expected);
  });
});

describe("setPasswordInputSchema", () => {
  it.each([
    // spec: "Set password: both fields required."
    [
      "both missing",
      {},
      {
        password: [{ message: "validation.required", data: { field: "password" } }],
        password_repeat: [{ message: "validation.required", data: { field: "password_repeat" } }],
      },
    ],
    [
      "both empty",
      { password: "", password_repeat: "" },
      {
        password: [{ message: "validation.required", data: { field: "password" } }],
        password_repeat: [{ message: "validation.required", data: { field: "password_repeat" } }],
      },
    ],
    // spec: "Password change needs password repeated." → no_match on the repeat field
    [
      "repeat differs",
      { password: "correct horse", password_repeat: "correct hose" },
      { password_repeat: [{ message: "validation.no_match", data: { field: "password_repeat" } }] },
    ],
    // spec: "min_length / max_length: at least or at most {size} characters"
    [
      "too short and differs",
      { password: "short", password_repeat: "other" },
      {
        password: [{ message: "validation.min_length", data: { field: "password", size: 8 } }],
        password_repeat: [{ message: "validation.no_match", data: { field: "password_repeat" } }],
      },
    ],
    ["valid", { password: "correct horse", password_repeat: "correct horse" }, {}],
    // "a minimum strength: not only spaces, ..., not in a short list of common passwords"
    [
      "only spaces",
      { password: "          ", password_repeat: "          " },
      { password: [{ message: "validation.password_only_spaces", data: { field: "password" } }] },
    ],
    [
      "a common password",
      { password: "Passwort123", password_repeat: "Passwort123" },
      { password: [{ message: "validation.password_common", data: { field: "password" } }] },
    ],
    [
      "current password too long",
      { current_password: "x".repeat(1025), password: "correct horse", password_repeat: "correct horse" },
      { current_password: [{ message: "validation.max_length", data: { field: "current_password", size: 1024 } }] },
    ],
  ])("%s", (_label, input, expected) => {
    expect(errorsOf(setPasswordInputSchema(), input)).toEqual(expected);
  });

  it("refuses the user's own name as the new password, in any case", () => {
    const input = { password: "Pflege-Anna", password_repeat: "Pflege-Anna" };
    expect(errorsOf(setPasswordInputSchema("pflege-anna"), input)).toEqual({
      password: [{ message: "validation.password_same_as_username", data: { field: "password" } }],
    });
    expect(errorsOf(setPasswordInputSchema("someone-else"), input)).toEqual({});
  });

  it("keeps the current password as typed", () => {
    const parsed = setPasswordInputSchema().parse({ current_password: " old ", password: "correct horse", password_repeat: "correct horse" });
    expect(parsed.current_password).toBe(" old ");
  });

  it("does not trim passwords", () => {
    const parsed = setPasswordInputSchema().parse({ password: " spaced  ", password_repeat: " spaced  " });
    expect(parsed.password).toBe(" spaced  ");
  });
});

describe("initialUserInputSchema", () => {
  it('spec: "Initial user: username default admin, password required."', () => {
    expect(initialUserInputSchema.parse({ password: "x7#kq2!z", locale: "fr" })).toEqual({
      username: "admin",
      password: "x7#kq2!z",
      locale: "fr",
    });
  });

  it.each([
    ["password missing", { locale: "de" }, { password: "validation.required" }],
    ["password short", { password: "1234567", locale: "de" }, { password: "validation.min_length" }],
    ["blank username", { username: "  ", password: "x7#kq2!z", locale: "de" }, { username: "validation.required" }],
    ["locale missing", { password: "x7#kq2!z" }, { locale: "validation.required" }],
    ["unsupported locale", { password: "x7#kq2!z", locale: "es" }, { locale: "validation.one_option_required" }],
    // "not only spaces, not equal to the user name, not in a short list of common passwords"
    ["password only spaces", { password: "         ", locale: "de" }, { password: "validation.password_only_spaces" }],
    ["password common", { password: "12345678", locale: "de" }, { password: "validation.password_common" }],
    [
      "password is the user name",
      { username: "Stationsleitung", password: "stationsleitung", locale: "de" },
      { password: "validation.password_same_as_username" },
    ],
    ["password is the default user name", { password: "ADMIN", locale: "de" }, { password: "validation.min_length" }],
  ])("%s", (_label, input, expected) => {
    const firstMessages = Object.fromEntries(Object.entries(errorsOf(initialUserInputSchema, input)).map(([field, list]) => [field, list[0]?.message]));
    expect(firstMessages).toEqual(expected);
  });
});

describe("configuratorInputSchema", () => {
  it('spec: "Configurator: ip, username (default admin), password."', () => {
    expect(configuratorInputSchema.parse({ ip: "192.168.1.20", password: "pw" })).toEqual({
      ip: "192.168.1.20",
      username: "admin",
      password: "pw",
    });
  });

  // spec: "ip (IPv4 only)"
  it.each([
    ["10.0.0.1", {}],
    ["255.255.255.255", {}],
    ["256.0.0.1", { ip: "validation.ip" }],
    ["::1", { ip: "validation.ip" }],
    ["fe80::1", { ip: "validation.ip" }],
    ["controller.local", { ip: "validation.ip" }],
    ["", { ip: "validation.required" }],
  ])("ip %j → %j", (ip, expected) => {
    const firstMessages = Object.fromEntries(Object.entries(errorsOf(configuratorInputSchema, { ip, password: "pw" })).map(([f, l]) => [f, l[0]?.message]));
    expect(firstMessages).toEqual(expected);
  });

  it("requires the password", () => {
    expect(errorsOf(configuratorInputSchema, { ip: "10.0.0.1" })).toEqual({
      password: [{ message: "validation.required", data: { field: "password" } }],
    });
  });
});

describe("fieldErrors", () => {
  // spec: "Server validation errors arrive per field (message, data)" with "placeholders kept"
  it.each([
    ["number below min", z.object({ n: z.number().min(3) }), { n: 1 }, { n: [{ message: "validation.min", data: { field: "n", min: 3 } }] }],
    ["number above max", z.object({ n: z.number().max(9) }), { n: 10 }, { n: [{ message: "validation.between", data: { field: "n", max: 9 } }] }],
    ["string too long", z.object({ s: z.string().max(7) }), { s: "12345678" }, { s: [{ message: "validation.max_length", data: { field: "s", size: 7 } }] }],
    ["email", z.object({ e: z.email() }), { e: "x" }, { e: [{ message: "validation.email", data: { field: "e", format: "email" } }] }],
    [
      "nested path joins with dots",
      z.object({ a: z.object({ b: z.string().min(2) }) }),
      { a: { b: "x" } },
      { "a.b": [{ message: "validation.min_length", data: { field: "b", size: 2 } }] },
    ],
    [
      "custom issue keeps its params",
      z.object({ s: z.string() }).refine(() => false, { path: ["s"], error: "validation.contains", params: { value: "," } }),
      { s: "a,b" },
      { s: [{ message: "validation.contains", data: { field: "s", value: "," } }] },
    ],
  ])("%s", (_label, schema, input, expected) => {
    expect(errorsOf(schema, input)).toEqual(expected);
  });
});
