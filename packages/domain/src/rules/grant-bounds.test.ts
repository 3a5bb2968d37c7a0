import { describe, expect, it } from "vitest";
import {
  canGrant,
  grantExcess,
  groupGrantsBeyond,
  roleGrantsBeyond,
  unrestrictedGroupSystemsBeyond,
  type GrantHolder,
  type GroupGrant,
} from "./grant-bounds.ts";

const holder = (overrides: Partial<GrantHolder> = {}): GrantHolder => ({
  is_superuser: false,
  permissions: [],
  write_permissions: [],
  system_access: [],
  ...overrides,
});

/** the limited manager: only admin::manage_users, limited to system 1. */
const manager = holder({ permissions: ["admin::manage_users", "calllog::use_module"], write_permissions: ["admin::manage_users"], system_access: [1] });

describe('granting is bounded by holding — ARCHITECTURE «Security rules», spec: "Superuser has all permissions; roles are ignored."', () => {
  it.each<[string, GrantHolder, GrantHolder, boolean]>([
    ["a superuser grants anything", holder({ is_superuser: true }), holder({ is_superuser: true }), true],
    ["a user with permissions the creator lacks", manager, holder({ permissions: ["admin::see_auditlog"], system_access: [1] }), false],
    ["system_access [] (all systems) from a limited manager", manager, holder({ system_access: [] }), false],
    ["systems beyond the manager's", manager, holder({ system_access: [1, 2] }), false],
    ["only superusers give is_superuser", manager, holder({ is_superuser: true, system_access: [1] }), false],
    ["a subset of permissions and systems", manager, holder({ permissions: ["calllog::use_module"], system_access: [1] }), true],
    ["the same rights", manager, manager, true],
    [
      "write where the manager holds read only",
      manager,
      holder({ permissions: ["calllog::use_module", "admin::manage_users"], write_permissions: ["admin::manage_users"], system_access: [1] }),
      true,
    ],
    [
      "write beyond the manager's read",
      holder({ permissions: ["admin::manage_system"], system_access: [] }),
      holder({ permissions: ["admin::manage_system"], write_permissions: ["admin::manage_system"], system_access: [] }),
      false,
    ],
    ["an actor with all systems gives all systems", holder({ permissions: ["admin::manage_users"] }), holder({ system_access: [] }), true],
  ])("%s → %s", (_name, actor, target, expected) => {
    expect(canGrant(actor, target)).toBe(expected);
  });

  it("names what exceeds, by field", () => {
    expect(grantExcess(manager, holder({ permissions: ["admin::see_auditlog", "calllog::use_module"], system_access: [] }))).toEqual({
      is_superuser: false,
      permissions: ["admin::see_auditlog"],
      system_access: "all",
    });
    expect(grantExcess(manager, holder({ system_access: [1, 3, 2] })).system_access).toEqual([3, 2]);
  });

  it("counts what a role's levels give, not the levels written", () => {
    const reader = holder({ permissions: ["calllog::use_module", "admin::manage_system"] });
    // A view code at write gives only read; an action code at read gives nothing.
    expect(
      roleGrantsBeyond(reader, [
        { code: "calllog::use_module", level: "write" },
        { code: "calllog::close_calls", level: "read" },
      ]),
    ).toEqual([]);
    expect(
      roleGrantsBeyond(reader, [
        { code: "admin::manage_system", level: "write" },
        { code: "calllog::close_calls", level: "write" },
      ]),
    ).toEqual(["admin::manage_system", "calllog::close_calls"]);
    expect(roleGrantsBeyond(holder({ is_superuser: true }), [{ code: "admin::manage_system", level: "write" }])).toEqual([]);
  });
});

describe('call-source-group grants — spec: "the highest level among roles wins"; "Tech access is full for ... users without group permissions"', () => {
  const grant = (system_id: number, callsource_group_id: number, permission_level: GroupGrant["permission_level"]): GroupGrant => ({
    system_id,
    callsource_group_id,
    permission_level,
  });
  const restricted = { is_superuser: false, groups: [grant(1, 10, "Write"), grant(1, 11, "Read")] };

  it.each<[string, GroupGrant[], number]>([
    ["up to the actor's level", [grant(1, 10, "Write"), grant(1, 11, "Read")], 0],
    ["above the actor's level", [grant(1, 10, "Full")], 1],
    ["a group the actor has no grant for", [grant(1, 12, "Read")], 1],
    ["a system where the actor is unrestricted", [grant(2, 12, "Full")], 0],
  ])("%s", (_name, grants, beyond) => {
    expect(groupGrantsBeyond(restricted, grants)).toHaveLength(beyond);
  });

  it("an actor without group grants, and a superuser, are unrestricted", () => {
    expect(groupGrantsBeyond({ is_superuser: false, groups: [] }, [grant(1, 10, "Full")])).toEqual([]);
    expect(groupGrantsBeyond({ is_superuser: true, groups: restricted.groups }, [grant(1, 12, "Full")])).toEqual([]);
  });

  it("a restricted actor may not give a user unrestricted group access in a system the user sees", () => {
    expect(unrestrictedGroupSystemsBeyond(restricted, { system_access: [1], groups: [] })).toEqual([1]);
    expect(unrestrictedGroupSystemsBeyond(restricted, { system_access: [], groups: [grant(1, 11, "Read")] })).toEqual([]);
    expect(unrestrictedGroupSystemsBeyond(restricted, { system_access: [2], groups: [] })).toEqual([]);
  });
});
