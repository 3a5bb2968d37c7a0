import { isLoggedIn, type AuthUser } from "@caresuite/domain";

/** The reason sent with MISSING_PERMISSION while a temporary password has not been replaced. */
export const PASSWORD_CHANGE_REQUIRED = "password_change_required";

/**
 * "a user with a temporary password can call nothing but set-password and logout" (and
 * what the set-password screen needs: AppData). Such a session is signed in but not yet in use.
 */
export function mustChangePassword(user: AuthUser): boolean {
  return isLoggedIn(user) && user.password_is_temporary;
}
