import { describe, expect, it } from "vitest";
import { buildSuperuser, buildUser } from "@caresuite/domain/test-builders";
import adminDe from "../../../i18n/locales/admin/de.json";
import type { UserRecord } from "./users.graphql";
import {
  USER_FORM_FIELDS,
  assignableRoles,
  canDeleteUser,
  copyUserValues,
  emptyUserValues,
  grantHolderOf,
  offeredRoles,
  offeredSystems,
  roleActorOf,
  userFormErrors,
  userInputOf,
  userToValues,
  type UserFormValues,
} from "./user-form";

const record: UserRecord = {
  id: 7,
  username: "pflege1",
  name: "Anna Muster",
  email: "anna@example.ch, station@example.ch",
  emails: ["anna@example.ch", "station@example.ch"],
  locale: "fr",
  homepage: "/log",
  is_superuser: false,
  is_ldap: false,
  password_is_temporary: true,
  notify_email: true,
  notify_push: false,
  system_access: [2],
  roles: [{ id: 3, name: "Pflege", sort_order: 2 }],
  can_edit: true,
};

const valid = (overrides: Partial<UserFormValues> = {}): UserFormValues => ({
  ...emptyUserValues(),
  username: "pflege2",
  password: "long enough 1",
  password_repeat: "long enough 1",
  ...overrides,
});

describe("user form values", () => {
  it("loads a user with the password empty (spec: empty password on update keeps it)", () => {
    expect(userToValues(record)).toEqual({
      username: "pflege1",
      name: "Anna Muster",
      password: "",
      password_repeat: "",
      password_is_temporary: true,
      email: "anna@example.ch, station@example.ch",
      locale: "fr",
      homepage: "/log",
      is_superuser: false,
      roles: [3],
      system_access: [2],
      notify_email: true,
      notify_push: false,
    });
    expect(userToValues({ ...record, locale: "xx", homepage: null }).locale).toBeNull();
  });

  it("sends exactly the fields of UserInput (the server schema is strict)", () => {
    expect(Object.keys(userInputOf(emptyUserValues())).sort()).toEqual([...USER_FORM_FIELDS].sort());
  });

  it("has a label for every field in the admin texts", () => {
    const labels: Record<string, string> = adminDe.users.fields;
    for (const field of USER_FORM_FIELDS) expect(labels[field], field).toBeTruthy();
  });

  it("copies a template: who it is and the password are typed anew (spec: copying resets id to -1)", () => {
    const copy = copyUserValues({ ...userToValues(record), password: "x", password_repeat: "x" });
    expect(copy).toMatchObject({ username: "", name: "", email: "", password: "", password_repeat: "" });
    expect(copy).toMatchObject({ roles: [3], system_access: [2], locale: "fr", homepage: "/log", notify_email: true, password_is_temporary: true });
  });
});

describe("client validation with the domain's userInputSchema", () => {
  it.each<[string, UserFormValues, "create" | "update", Record<string, string>]>([
    ["a valid new user", valid(), "create", {}],
    ["create needs a password", valid({ password: "", password_repeat: "" }), "create", { password: "validation.required" }],
    ["update keeps the password when empty", valid({ password: "", password_repeat: "" }), "update", {}],
    ["a short password", valid({ password: "short", password_repeat: "short" }), "update", { password: "validation.min_length" }],
    ["spec: password change needs password repeated", valid({ password_repeat: "other" }), "create", { password_repeat: "validation.no_match" }],
    ["username required", valid({ username: " " }), "create", { username: "validation.required" }],
    ["several e-mails, one invalid", valid({ email: "a@example.ch, nope" }), "create", { email: "validation.email" }],
    ["homepage is a path", valid({ homepage: "log" }), "create", { homepage: "validation.format" }],
  ])("%s", (_name, values, mode, expected) => {
    const errors = Object.fromEntries(Object.entries(userFormErrors(values, mode)).map(([field, error]) => [field, error.message]));
    expect(errors).toEqual(expected);
  });
});

describe("roles the actor may hand out (spec §6: a role manages users and roles below it)", () => {
  const roles = [
    { id: 1, name: "Admin", sort_order: 1 },
    { id: 2, name: "Leitung", sort_order: 2 },
    { id: 3, name: "Pflege", sort_order: 3 },
  ];

  it("ranks the actor by their best role", () => {
    const actor = roleActorOf(
      buildUser({
        roles: [
          { id: 2, name: "Leitung" },
          { id: 3, name: "Pflege" },
        ],
      }),
      roles,
    );
    expect(actor).toEqual({ is_superuser: false, roleOrders: [2, 3] });
    expect(assignableRoles(actor, roles).map((r) => r.name)).toEqual(["Pflege"]);
  });

  it("gives superusers every role and users without a role none", () => {
    expect(assignableRoles(roleActorOf(buildSuperuser(), roles), roles)).toHaveLength(3);
    expect(assignableRoles(roleActorOf(buildUser({ roles: [] }), roles), roles)).toEqual([]);
  });

  it("offers delete for editable users other than oneself", () => {
    const me = buildUser({ id: 7 });
    expect(canDeleteUser(me, { id: 7, can_edit: true })).toBe(false);
    expect(canDeleteUser(me, { id: 8, can_edit: true })).toBe(true);
    expect(canDeleteUser(me, { id: 8, can_edit: false })).toBe(false);
  });
});

describe('what the form offers — ARCHITECTURE «Security rules» "Granting is bounded by holding"', () => {
  // the limited manager: only admin::manage_users, system 1, the best role "Verwaltung".
  const manager = buildUser({
    permissions: ["admin::manage_users"],
    write_permissions: ["admin::manage_users"],
    system_access: [1],
    roles: [{ id: 1, name: "Verwaltung" }],
  });
  const roles = [
    { id: 1, name: "Verwaltung", sort_order: 1, permissions: [{ code: "admin::manage_users", level: "write" }] },
    { id: 2, name: "Helfer", sort_order: 2, permissions: [{ code: "admin::manage_users", level: "read" }] },
    { id: 3, name: "Revision", sort_order: 3, permissions: [{ code: "admin::see_auditlog", level: "read" }] },
    { id: 4, name: "Gast", sort_order: 4, permissions: [{ code: "calllog::close_calls", level: "read" }] },
  ];

  it("does not offer a lower ranked role holding permissions the actor lacks", () => {
    const offered = offeredRoles(roleActorOf(manager, roles), grantHolderOf(manager), roles).map((r) => r.name);
    // "Gast" holds an action code at read, which gives nothing.
    expect(offered).toEqual(["Helfer", "Gast"]);
    expect(offeredRoles(roleActorOf(buildSuperuser(), roles), grantHolderOf(buildSuperuser()), roles)).toHaveLength(4);
  });

  it("offers a limited actor only their own systems, and all systems to an actor who sees all", () => {
    const systems = [
      { value: 1, label: "A" },
      { value: 2, label: "B" },
    ];
    expect(offeredSystems(grantHolderOf(manager), systems)).toEqual([{ value: 1, label: "A" }]);
    expect(offeredSystems(grantHolderOf(buildUser({ system_access: [] })), systems)).toEqual(systems);
  });

  it('"system_access: [] (all systems)" is refused for a limited actor before sending', () => {
    expect(userFormErrors(valid({ system_access: [] }), "create", grantHolderOf(manager))["system_access"]?.message).toBe("validation.exceeds_own_systems");
    expect(userFormErrors(valid({ system_access: [1] }), "create", grantHolderOf(manager))).toEqual({});
    expect(userFormErrors(valid({ system_access: [] }), "create", grantHolderOf(buildUser()))).toEqual({});
  });
});
