import {
  canManageRole,
  fieldErrors,
  isLoggedIn,
  toLocale,
  userInputSchema,
  type AuthUser,
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

/** The domain's user schema on the input, first message per field (spec §5). */
export function userFormErrors(values: UserFormValues, mode: UserFormMode): Record<string, FieldError> {
  const parsed = userInputSchema(mode).safeParse(userInputOf(values));
  return parsed.success ? {} : firstFieldErrors(fieldErrors(parsed.error));
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

/** The server refuses deleting oneself; the form does not offer it. */
export function canDeleteUser(actor: Pick<AuthUser, "id">, user: Pick<UserRecord, "id" | "can_edit">): boolean {
  return isLoggedIn(actor) && user.can_edit && user.id !== actor.id;
}
