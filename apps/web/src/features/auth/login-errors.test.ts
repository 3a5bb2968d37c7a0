import { describe, expect, it } from "vitest";
import type { TFunction } from "i18next";
import { loginFormErrors } from "./login-errors";

// A translator that knows a few keys and otherwise returns the default value, like i18next.
const known: Record<string, string> = {
  "login.errors.invalid_credentials": "Benutzername oder Passwort ist falsch.",
  "login.errors.ldap_wrong_password": "Falsches Passwort für das Verzeichnis (LDAP).",
  "login.errors.throttled": "Zu viele Versuche.",
  "login.errors.general": "Anmeldung fehlgeschlagen.",
};
const t = ((key: string, options?: { defaultValue?: string }) => known[key] ?? options?.defaultValue ?? key) as unknown as TFunction;

describe("login errors", () => {
  it("prefers our key, placed on the field the server names", () => {
    expect(loginFormErrors(t, [{ field: "password", code: "ldap_wrong_password", message: "Wrong password." }])).toEqual({
      password: "Falsches Passwort für das Verzeichnis (LDAP).",
      common: [],
    });
  });

  it("shows the one answer for an unknown user or a wrong password as a common warning (decision 008)", () => {
    expect(loginFormErrors(t, [{ field: null, code: "invalid_credentials", message: "Wrong username or password." }])).toEqual({
      common: ["Benutzername oder Passwort ist falsch."],
    });
  });

  it("falls back to the server's translated message for unknown codes", () => {
    expect(loginFormErrors(t, [{ field: "username", code: "ldap_new_thing", message: "LDAP says no." }])).toEqual({
      username: "LDAP says no.",
      common: [],
    });
  });

  it("puts errors without a field into the common warning (spec §8)", () => {
    expect(loginFormErrors(t, [{ field: null, code: "throttled", message: "x" }]).common).toEqual(["Zu viele Versuche."]);
  });

  it("never fails silently", () => {
    expect(loginFormErrors(t, []).common).toEqual(["Anmeldung fehlgeschlagen."]);
  });
});
