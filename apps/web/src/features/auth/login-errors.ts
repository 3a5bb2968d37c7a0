import type { TFunction } from "i18next";
import type { LoginError } from "../../api/rest";

export interface LoginFormErrors {
  username?: string;
  password?: string;
  /** Errors not tied to a field; spec §8: "common errors as warning". */
  common: string[];
}

/**
 * Server login errors to form errors. Our own key `login.errors.<code>` is preferred (consistent
 * wording in all four languages); the server's already translated message is the fallback for
 * codes we do not know. The first error per field wins.
 */
export function loginFormErrors(t: TFunction, errors: readonly LoginError[]): LoginFormErrors {
  const result: LoginFormErrors = { common: [] };
  for (const error of errors) {
    const fallback = error.message || t("login.errors.general");
    const text = t(`login.errors.${error.code}`, { defaultValue: fallback });
    if (error.field === "username") result.username ??= text;
    else if (error.field === "password") result.password ??= text;
    else result.common.push(text);
  }
  if (!result.username && !result.password && result.common.length === 0) {
    result.common.push(t("login.errors.general"));
  }
  return result;
}
