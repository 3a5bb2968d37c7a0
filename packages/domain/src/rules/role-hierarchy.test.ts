import { describe, expect, it } from "vitest";
import { canManageRole, canManageUser, highestAccessLevel, techAccessLevel, type AccessLevel } from "./role-hierarchy.ts";
import { parseRolePermissions, serializeRolePermissions } from "./role-permissions-clipboard.ts";

describe('role hierarchy — spec: "a role manages users and roles below it"', () => {
  it.each([
    ["superuser manages any role", { is_superuser: true, roleOrders: [] }, 0, true],
    ["a role manages roles below it", { is_superuser: false, roleOrders: [2] }, 3, true],
    ["not its own rank", { is_superuser: false, roleOrders: [2] }, 2, false],
    ["not roles above it", { is_superuser: false, roleOrders: [2] }, 1, false],
    ["the best of several roles counts", { is_superuser: false, roleOrders: [5, 1] }, 2, true],
    ["without roles, nothing", { is_superuser: false, roleOrders: [] }, 9, false],
  ])("%s", (_name, actor, order, expected) => {
    expect(canManageRole(actor, { sort_order: order })).toBe(expected);
  });

  it.each([
    ["superuser manages superusers", true, { is_superuser: true, roleOrders: [] }, true],
    ["others never manage superusers", false, { is_superuser: true, roleOrders: [9] }, false],
    ["users whose roles are all below", false, { is_superuser: false, roleOrders: [3, 4] }, true],
    ["not users with one role at or above", false, { is_superuser: false, roleOrders: [3, 2] }, false],
  ])("%s", (_name, superuser, target, expected) => {
    expect(canManageUser({ is_superuser: superuser, roleOrders: superuser ? [] : [2] }, target)).toBe(expected);
  });
});

describe('access levels — spec: "the highest level among roles wins"', () => {
  it.each<[AccessLevel[], AccessLevel]>([
    [[], "None"],
    [["Read", "Write"], "Write"],
    [["Full", "Read"], "Full"],
    [["None"], "None"],
  ])("%j → %s", (levels, expected) => expect(highestAccessLevel(levels)).toBe(expected));

  it.each([
    // spec: "Tech access is full for superusers or users without group permissions; otherwise the
    // highest level among groups flagged tech, none if there are none."
    ["superuser", true, [{ flag: "Radio", permission_level: "Read" as const }], "Full"],
    ["no group permissions", false, [], "Full"],
    [
      "highest tech group",
      false,
      [
        { flag: "Tech", permission_level: "Read" as const },
        { flag: "Tech", permission_level: "Write" as const },
        { flag: "Radio", permission_level: "Full" as const },
      ],
      "Write",
    ],
    ["no tech groups", false, [{ flag: "Radio", permission_level: "Full" as const }], "None"],
  ])("tech access: %s", (_name, superuser, groups, expected) => {
    expect(techAccessLevel({ is_superuser: superuser }, groups)).toBe(expected);
  });
});

describe('role permission clipboard — spec: "Permissions can be copied and pasted between servers"', () => {
  it("round-trips", () => {
    const text = serializeRolePermissions([{ code: "calllog::use_module", level: "write" }]);
    expect(parseRolePermissions(text)?.permissions).toEqual([{ code: "calllog::use_module", level: "write" }]);
  });
  it.each([
    ["not JSON", "{"],
    ["other format", JSON.stringify({ format: "x", version: 1, permissions: [] })],
    ["unknown code", JSON.stringify({ format: "caresuite.role-permissions", version: 1, permissions: [{ code: "root::all", level: "write" }] })],
    ["unknown level", JSON.stringify({ format: "caresuite.role-permissions", version: 1, permissions: [{ code: "calllog::use_module", level: "admin" }] })],
    ["extra keys", JSON.stringify({ format: "caresuite.role-permissions", version: 1, permissions: [], evil: true })],
  ])("refuses %s", (_name, text) => expect(parseRolePermissions(text)).toBeNull());
});
