import { describe, expect, it } from "vitest";
import { PERMISSION_CODES } from "../permissions.ts";
import { hasPermission, hasWritePermission } from "../auth-user.ts";
import { buildUser } from "../test-builders.ts";
import { accessOf, meaningfulLevels, permissionKind, permissionListsOf } from "./permission-levels.ts";

describe('permission levels — spec: "Levels are hide, read, write."', () => {
  it.each([
    // manage codes: read shows the screen and its queries, write also changes.
    ["admin::manage_system", "hide", "none"],
    ["admin::manage_system", "read", "read"],
    ["admin::manage_system", "write", "write"],
    ["admin::manage_users", "read", "read"],
    // view codes: nothing to change, read and write both show.
    ["calllog::use_module", "read", "read"],
    ["calllog::use_module", "write", "read"],
    ["admin::see_auditlog", "hide", "none"],
    // action codes: nothing to see, read is no more than hide.
    ["calllog::close_calls", "read", "none"],
    ["calllog::close_calls", "write", "write"],
    ["systemtree::trigger_device_actions", "read", "none"],
    ["root::everything", "write", "none"],
  ] as const)("%s at %s gives %s", (code, level, access) => {
    expect(accessOf(code, level)).toBe(access);
  });

  it("manages data only with manage_* codes and sync; every other code shows or acts (docs/decisions/009)", () => {
    const manage = PERMISSION_CODES.filter((code) => permissionKind(code) === "manage");
    expect(manage.every((code) => /::manage_\w+$/.test(code) || code === "systemtree::sync")).toBe(true);
    expect(manage).toHaveLength(21);
  });

  it("gives every code a kind and offers hide for each", () => {
    for (const code of PERMISSION_CODES) {
      expect(["view", "manage", "action"]).toContain(permissionKind(code));
      expect(meaningfulLevels(code)[0]).toBe("hide");
    }
    expect(meaningfulLevels("calllog::close_calls")).toEqual(["hide", "write"]);
    expect(meaningfulLevels("calllog::use_module")).toEqual(["hide", "read"]);
  });

  it('a permission held at level "read" does not allow its write actions', () => {
    const lists = permissionListsOf([
      { code: "admin::manage_system", level: "read" },
      { code: "admin::use_module", level: "write" },
    ]);
    expect(lists).toEqual({ permissions: ["admin::manage_system", "admin::use_module"], write_permissions: [] });
    const user = buildUser(lists);
    expect(hasPermission(user, "admin::manage_system")).toBe(true);
    expect(hasWritePermission(user, "admin::manage_system")).toBe(false);
  });

  it("the highest level among a user's roles wins", () => {
    const lists = permissionListsOf([
      { code: "admin::manage_users", level: "read" },
      { code: "admin::manage_users", level: "write" },
      { code: "calllog::close_calls", level: "read" },
    ]);
    expect(lists).toEqual({ permissions: ["admin::manage_users"], write_permissions: ["admin::manage_users"] });
  });

  it('spec: "Superuser has all permissions; roles are ignored."', () => {
    expect(hasWritePermission(buildUser({ is_superuser: true }), "admin::manage_system")).toBe(true);
  });
});
