import { describe, expect, it } from "vitest";
import { checkSetPasswordForm } from "./set-password-form";

const TEMPORARY = { username: "pflege-anna", password_is_temporary: true };
const OWN = { username: "pflege-anna", password_is_temporary: false };

describe("checkSetPasswordForm", () => {
  it("sends no current password for a temporary one", () => {
    expect(checkSetPasswordForm({ current_password: "", password: "a new secret 9", password_repeat: "a new secret 9" }, TEMPORARY)).toEqual({
      ok: true,
      input: { password: "a new secret 9", password_repeat: "a new secret 9" },
    });
  });

  it("asks for the current password unless the password is temporary", () => {
    expect(checkSetPasswordForm({ current_password: "", password: "a new secret 9", password_repeat: "a new secret 9" }, OWN)).toEqual({
      ok: false,
      errors: { current_password: { message: "validation.required", data: { field: "current_password" } } },
    });
    expect(checkSetPasswordForm({ current_password: "old one", password: "a new secret 9", password_repeat: "a new secret 9" }, OWN)).toEqual({
      ok: true,
      input: { current_password: "old one", password: "a new secret 9", password_repeat: "a new secret 9" },
    });
  });

  it.each([
    // "not only spaces, not equal to the user name, not in a short list of common passwords"
    ["only spaces", "          ", "validation.password_only_spaces"],
    ["the user name", "PFLEGE-ANNA", "validation.password_same_as_username"],
    ["a common password", "hallo123", "validation.password_common"],
  ])("refuses %s before asking the server", (_label, password, message) => {
    const result = checkSetPasswordForm({ current_password: "", password, password_repeat: password }, TEMPORARY);
    expect(result).toMatchObject({ ok: false, errors: { password: { message } } });
  });
});
