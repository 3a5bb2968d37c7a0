import { describe, expect, it } from "vitest";
import { ANONYMOUS_USER, canAccessSystem, hasPermission, hasPermissions, isLoggedIn } from "./auth-user.ts";
import { ANY_MARKER } from "./permissions.ts";
import { buildSuperuser, buildUser } from "./test-builders.ts";

const viewer = buildUser({ permissions: ["calllog::use_module", "systemtree::use_module"] });
const superuser = buildSuperuser({ permissions: [], roles: [] });

describe("isLoggedIn", () => {
  // spec: "Logged-in means user id greater than 0."
  it.each([
    [0, false],
    [-1, false],
    [1, true],
    [42, true],
  ])("user id %i → %s", (id, expected) => {
    expect(isLoggedIn({ id })).toBe(expected);
  });

  it('spec: "Current user: id (0 = not logged in)"', () => {
    expect(ANONYMOUS_USER.id).toBe(0);
    expect(isLoggedIn(ANONYMOUS_USER)).toBe(false);
    expect(ANONYMOUS_USER.permissions).toEqual([]);
  });
});

describe("hasPermission", () => {
  it.each([
    // spec: "Superuser has all permissions; roles are ignored."
    ["superuser without codes", superuser, "admin::manage_roles", true],
    ["superuser, any code", superuser, "visuals::close_calls", true],
    ["user with the code", viewer, "calllog::use_module", true],
    ["user without the code", viewer, "admin::use_module", false],
    ["anonymous", ANONYMOUS_USER, "calllog::use_module", false],
  ])("%s: %s → %s", (_label, user, code, expected) => {
    expect(hasPermission(user, code)).toBe(expected);
  });
});

describe("hasPermissions", () => {
  // spec: "A route may require a permission list (all of them, or any if the first entry is the any marker)"
  it.each([
    ["empty list requires nothing", viewer, [], true],
    ["all held", viewer, ["calllog::use_module", "systemtree::use_module"], true],
    ["one of all missing", viewer, ["calllog::use_module", "admin::use_module"], false],
    ["any: one held", viewer, [ANY_MARKER, "admin::use_module", "calllog::use_module"], true],
    ["any: none held", viewer, [ANY_MARKER, "admin::use_module", "app::use_module"], false],
    ["marker not first means all", viewer, ["calllog::use_module", ANY_MARKER], false],
    ["superuser, all", superuser, ["admin::use_module", "app::use_module"], true],
    ["superuser, any", superuser, [ANY_MARKER, "admin::use_module"], true],
    ["anonymous, all", ANONYMOUS_USER, ["calllog::use_module"], false],
  ])("%s", (_label, user, list, expected) => {
    expect(hasPermissions(user, list)).toBe(expected);
  });
});

describe("canAccessSystem", () => {
  // spec: "Superusers and users with an empty list see all systems; others see only listed ones."
  it.each([
    ["superuser with a list", buildSuperuser({ system_access: [2] }), 1, true],
    ["empty list", buildUser({ system_access: [] }), 5, true],
    ["listed system", buildUser({ system_access: [1, 3] }), 3, true],
    ["unlisted system", buildUser({ system_access: [1, 3] }), 2, false],
  ])("%s, system %i → %s", (_label, user, systemId, expected) => {
    expect(canAccessSystem(user, systemId)).toBe(expected);
  });
});
