import { describe, expect, it } from "vitest";
import { fieldErrors } from "./field-errors.ts";
import { loginFieldErrors } from "./login-check.ts";
import { PASSWORD_MAX_LENGTH, USERNAME_MAX_LENGTH, loginInputSchema } from "./login-schema.ts";

const viaSchema = (input: { username: string; password: string }): Record<string, unknown> => {
  const parsed = loginInputSchema.safeParse(input);
  return parsed.success ? {} : fieldErrors(parsed.error);
};

// "/login JS ≤ 170 KB gzip … find what does not belong in the first chunk" —
// the form checks without zod, and must answer exactly as the server's schema does.
describe("the sign-in form's check agrees with loginInputSchema", () => {
  it.each([
    ["both given", "admin", "demo-admin"],
    ["both empty", "", ""],
    ["no user name", "", "secret"],
    ["no password", "admin", ""],
    ["blank user name (not trimmed: a name may be spaces)", "   ", "secret"],
    ["NUL in the user name", "ad\u0000min", "secret"],
    ["NUL in the password", "admin", "se\u0000cret"],
    ["other control characters in the password are allowed", "admin", "tab\there"],
    ["user name at the limit", "u".repeat(USERNAME_MAX_LENGTH), "secret"],
    ["user name over the limit", "u".repeat(USERNAME_MAX_LENGTH + 1), "secret"],
    ["password over the limit", "admin", "p".repeat(PASSWORD_MAX_LENGTH + 1)],
    ["too long and with NUL: both, NUL first", "admin", `\u0000${"p".repeat(PASSWORD_MAX_LENGTH)}`],
    ["everything wrong", "\u0000".repeat(USERNAME_MAX_LENGTH + 1), ""],
  ])("%s", (_case, username, password) => {
    expect(loginFieldErrors({ username, password })).toEqual(viaSchema({ username, password }));
  });
});
