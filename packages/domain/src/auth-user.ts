import { ANY_MARKER } from "./permissions.ts";

/**
 * The current user as AppData/login return it (data spec §3.3 "Current user").
 * `id` 0 means not logged in.
 */
export interface AuthUser {
  id: number;
  name: string;
  username: string;
  locale: string | null;
  homepage: string | null;
  is_superuser: boolean;
  is_ldap: boolean;
  password_is_temporary: boolean;
  system_access: number[];
  emails: string[];
  /** Codes held at read or write: what the user may see (docs/decisions/009). */
  permissions: string[];
  /** Codes held at write: what the user may also change. */
  write_permissions: string[];
  roles: { id: number; name: string }[];
}

function frozenEmpty<T>(): T[] {
  return Object.freeze([] as T[]) as T[];
}

/** The visitor who is not logged in. spec: "Current user: id (0 = not logged in)". */
export const ANONYMOUS_USER: AuthUser = Object.freeze({
  id: 0,
  name: "",
  username: "",
  locale: null,
  homepage: null,
  is_superuser: false,
  is_ldap: false,
  password_is_temporary: false,
  system_access: frozenEmpty<number>(),
  emails: frozenEmpty<string>(),
  permissions: frozenEmpty<string>(),
  write_permissions: frozenEmpty<string>(),
  roles: frozenEmpty<{ id: number; name: string }>(),
});

/** spec: "Logged-in means user id greater than 0." */
export function isLoggedIn(user: Pick<AuthUser, "id">): boolean {
  return user.id > 0;
}

/** spec: "Superuser has all permissions; roles are ignored." */
export function hasPermission(user: Pick<AuthUser, "is_superuser" | "permissions">, code: string): boolean {
  return user.is_superuser || user.permissions.includes(code);
}

/**
 * spec: "Levels are hide, read, write": a change needs the code at write, seeing needs read
 * (`hasPermission`). Superusers hold everything.
 */
export function hasWritePermission(user: Pick<AuthUser, "is_superuser" | "write_permissions">, code: string): boolean {
  return user.is_superuser || user.write_permissions.includes(code);
}

/**
 * spec: "A route may require a permission list (all of them, or any if the first entry is the
 * any marker)". An empty list (and a bare any marker) requires nothing.
 */
export function hasPermissions(user: Pick<AuthUser, "is_superuser" | "permissions">, list: readonly string[]): boolean {
  if (list.length === 0 || user.is_superuser) return true;
  if (list[0] === ANY_MARKER) {
    const rest = list.slice(1);
    return rest.length === 0 || rest.some((code) => hasPermission(user, code));
  }
  return list.every((code) => hasPermission(user, code));
}

/**
 * spec: "Superusers and users with an empty list see all systems; others see only listed ones."
 */
export function canAccessSystem(user: Pick<AuthUser, "is_superuser" | "system_access">, systemId: number): boolean {
  return user.is_superuser || user.system_access.length === 0 || user.system_access.includes(systemId);
}
