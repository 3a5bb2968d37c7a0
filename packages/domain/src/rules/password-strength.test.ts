import { describe, expect, it } from "vitest";
import { COMMON_PASSWORDS, PASSWORD_MIN_LENGTH, passwordWeakness, type PasswordWeakness } from "./password-strength.ts";

describe("passwordWeakness", () => {
  // "a minimum strength: not only spaces, not equal to the user name, not in a short
  // list of common passwords"
  it.each<[string, string, string | null, PasswordWeakness | null]>([
    ["a good password", "correct horse battery", "anna", null],
    ["seven characters", "abcdefg", "anna", "too_short"],
    ["exactly the minimum", "x7#kq2!z", "anna", null],
    ["only spaces", "        ", "anna", "only_spaces"],
    ["only tabs and spaces", " \t \t \t \t", "anna", "only_spaces"],
    ["the user name", "pflege-anna", "pflege-anna", "same_as_username"],
    ["the user name in other case", "Pflege-Anna", "pflege-anna", "same_as_username"],
    ["the user name with spaces around", "  pflege-anna ", "pflege-anna", "same_as_username"],
    ["contains the user name (allowed)", "pflege-anna and more", "pflege-anna", null],
    ["no user name given", "pflege-anna", null, null],
    ["common: password", "password", "anna", "common"],
    ["common: 12345678", "12345678", "anna", "common"],
    ["common: Passwort (case)", "Passwort", "anna", "common"],
    ["common: hallo123", "hallo123", "anna", "common"],
    ["common: admin123", "admin123", "anna", "common"],
    ["common with spaces around", " password1 ", "anna", "common"],
  ])("%s", (_label, password, username, expected) => {
    expect(passwordWeakness(password, username)).toBe(expected);
  });

  it("refuses every listed common password that is long enough", () => {
    for (const common of COMMON_PASSWORDS) {
      const expected = common.length < PASSWORD_MIN_LENGTH ? "too_short" : "common";
      expect(passwordWeakness(common.toUpperCase(), "someone")).toBe(expected);
    }
  });

  it("keeps the list short and normalised (lower case, no spaces, no duplicates)", () => {
    expect(COMMON_PASSWORDS.length).toBeLessThan(100);
    expect(new Set(COMMON_PASSWORDS).size).toBe(COMMON_PASSWORDS.length);
    for (const common of COMMON_PASSWORDS) expect(common).toBe(common.trim().toLowerCase());
  });
});
