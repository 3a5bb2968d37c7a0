import {
  VALIDATION_KEYS,
  canManageRole,
  fieldErrors,
  isLoggedIn,
  roleGrantsBeyond,
  seesAllSystems,
  toLocale,
  userInputSchema,
  type AuthUser,
  type GrantHolder,
  type Locale,
  type RoleActor,
  type UserInput,
} from "@caresuite/domain";
import { firstFieldErrors, type FieldError } from "../../../api/errors";
import type { UserRecord } from "./users.graphql";

/** What the user form holds: the API input's fields (spec data §3.3 "User (admin)"). */
export interface UserFormValues {
  username: string;
  name: string;
  password: string;
  password_repeat: string;
  password_is_temporary: boolean;
  /** Several addresses, comma-separated. */
  email: string;
  /** null: the global default language. */
  locale: Locale | null;
  homepage: string;
  is_superuser: boolean;
  roles: number[];
  system_access: number[];
  notify_email: boolean;
  notify_push: boolean;
}

export type UserFormMode = "create" | "update";

/** The inputs of the form, for server errors: these land on their field, others in the callout. */
export const USER_FORM_FIELDS: ReadonlySet<string> = new Set<keyof UserFormValues>([
  "username",
  "name",
  "password",
  "password_repeat",
  "password_is_temporary",
  "email",
  "locale",
  "homepage",
  "is_superuser",
  "roles",
  "system_access",
  "notify_email",
  "notify_push",
]);

/** spec: "id -1 means a new record". */
export function emptyUserValues(): UserFormValues {
  return {
    username: "",
    name: "",
    password: "",
    password_repeat: "",
    password_is_temporary: false,
    email: "",
    locale: null,
    homepage: "",
    is_superuser: false,
    roles: [],
    system_access: [],
    notify_email: false,
    notify_push: false,
  };
}

/** A loaded user as form values; the password starts empty ("leave empty to keep"). */
export function userToValues(user: UserRecord): UserFormValues {
  return {
    username: user.username,
    name: user.name,
    password: "",
    password_repeat: "",
    password_is_temporary: user.password_is_temporary,
    email: user.email,
    locale: toLocale(user.locale),
    homepage: user.homepage ?? "",
    is_superuser: user.is_superuser,
    roles: user.roles.map((role) => role.id),
    system_access: [...user.system_access],
    notify_email: user.notify_email,
    notify_push: user.notify_push,
  };
}

/** The API input (`UserInput`): on update an empty password keeps the stored one. */
export function userInputOf(values: UserFormValues): UserInput {
  return { ...values, roles: [...values.roles], system_access: [...values.system_access] };
}

/**
 * The domain's user schema on the input, first message per field (spec §5). With the actor, also
 * ARCHITECTURE «Security rules» "Granting is bounded by holding": no selection means all systems, which only an
 * actor who sees all systems may give.
 */
export function userFormErrors(values: UserFormValues, mode: UserFormMode, actor?: GrantHolder): Record<string, FieldError> {
  const parsed = userInputSchema(mode).safeParse(userInputOf(values));
  const errors = parsed.success ? {} : firstFieldErrors(fieldErrors(parsed.error));
  if (actor && !errors["system_access"] && values.system_access.length === 0 && !seesAllSystems(actor)) {
    errors["system_access"] = { message: VALIDATION_KEYS.exceeds_own_systems, data: { field: "system_access", value: "" } };
  }
  return errors;
}

/**
 * spec: "Copying resets id to -1." A copy is a template for a similar account: roles, systems,
 * language, homepage and notification settings stay; who it is (username, name, e-mail) and the
 * password are typed anew.
 */
export function copyUserValues(values: UserFormValues): UserFormValues {
  return { ...values, username: "", name: "", email: "", password: "", password_repeat: "" };
}

/** The signed-in user as an actor of the role hierarchy: the ranks of their roles. */
export function roleActorOf(user: Pick<AuthUser, "is_superuser" | "roles">, roles: readonly { id: number; sort_order: number }[]): RoleActor {
  const own = new Set(user.roles.map((role) => role.id));
  return { is_superuser: user.is_superuser, roleOrders: roles.filter((role) => own.has(role.id)).map((role) => role.sort_order) };
}

/** spec §6: "a role manages users and roles below it": the roles the actor may hand out. */
export function assignableRoles<R extends { sort_order: number }>(actor: RoleActor, roles: readonly R[]): R[] {
  return roles.filter((role) => canManageRole(actor, role));
}

/** The signed-in user as one who grants (ARCHITECTURE «Security rules»): what they see, change, and which systems. */
export function grantHolderOf(user: Pick<AuthUser, "is_superuser" | "permissions" | "write_permissions" | "system_access">): GrantHolder {
  return { is_superuser: user.is_superuser, permissions: user.permissions, write_permissions: user.write_permissions, system_access: user.system_access };
}

/**
 * The roles the user form offers: below the actor's rank, and giving nothing beyond what the actor
 * holds ("Granting is bounded by holding"; the server refuses the others).
 */
export function offeredRoles<R extends { sort_order: number; permissions: readonly { code: string; level: string }[] }>(
  rank: RoleActor,
  holder: GrantHolder,
  roles: readonly R[],
): R[] {
  return assignableRoles(rank, roles).filter((role) => roleGrantsBeyond(holder, role.permissions).length === 0);
}

/** The systems the user form offers: all for an actor who sees all, else the actor's own. */
export function offeredSystems<S extends { value: number }>(holder: GrantHolder, systems: readonly S[]): S[] {
  return seesAllSystems(holder) ? [...systems] : systems.filter((system) => holder.system_access.includes(system.value));
}

/** The server refuses deleting oneself; the form does not offer it. */
export function canDeleteUser(actor: Pick<AuthUser, "id">, user: Pick<UserRecord, "id" | "can_edit">): boolean {
  return isLoggedIn(actor) && user.can_edit && user.id !== actor.id;
}
