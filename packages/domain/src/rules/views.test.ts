import { describe, expect, it } from "vitest";
import { isTreeViewVisible, systemViewLevel, visibleSystemViews, type SystemViewRule } from "./views.ts";

const view = (over: Partial<SystemViewRule> & { name: string }) => ({
  is_enabled: true,
  is_system_view: false,
  sort_order: 0,
  apply_permissions: false,
  role_permissions: [],
  ...over,
});
const nurse = { is_superuser: false, roles: [{ id: 2 }] };
const superuser = { is_superuser: true, roles: [] };

describe('spec §4 "Non-superusers see a view if it does not apply permissions or one of their roles has read or write (default write); they edit only with write."', () => {
  it.each([
    ["no permissions applied", view({ name: "a" }), nurse, "write"],
    ["applied, role not listed", view({ name: "a", apply_permissions: true, role_permissions: [{ role_id: 3, level: "write" }] }), nurse, null],
    ["applied, role reads", view({ name: "a", apply_permissions: true, role_permissions: [{ role_id: 2, level: "read" }] }), nurse, "read"],
    ["applied, role writes", view({ name: "a", apply_permissions: true, role_permissions: [{ role_id: 2, level: "write" }] }), nurse, "write"],
    ["applied, role without level: default write", view({ name: "a", apply_permissions: true, role_permissions: [{ role_id: 2 }] }), nurse, "write"],
    ["applied, superuser", view({ name: "a", apply_permissions: true, role_permissions: [] }), superuser, "write"],
  ] as const)("%s → %s", (_case, v, user, level) => expect(systemViewLevel(v, user)).toBe(level));
});

describe('spec §4 "System views: if none is enabled, the system view counts as enabled. Sorted by sort_order."', () => {
  it("lists the enabled views by sort_order with can_edit", () => {
    const views = [
      view({ name: "Geräte", sort_order: 2 }),
      view({ name: "Baum", sort_order: 1, is_system_view: true }),
      view({ name: "Aus", sort_order: 0, is_enabled: false }),
      view({ name: "Lesen", sort_order: 3, apply_permissions: true, role_permissions: [{ role_id: 2, level: "read" }] }),
    ];
    expect(visibleSystemViews(views, nurse).map((v) => [v.name, v.can_edit])).toEqual([
      ["Baum", true],
      ["Geräte", true],
      ["Lesen", false],
    ]);
  });
  it("shows the system view when none is enabled", () => {
    const views = [view({ name: "Geräte", is_enabled: false }), view({ name: "Baum", is_enabled: false, is_system_view: true })];
    expect(visibleSystemViews(views, nurse).map((v) => v.name)).toEqual(["Baum"]);
  });
  it("shows nothing disabled when another view is enabled", () => {
    const views = [view({ name: "Geräte" }), view({ name: "Baum", is_enabled: false, is_system_view: true })];
    expect(visibleSystemViews(views, nurse).map((v) => v.name)).toEqual(["Geräte"]);
  });
});

describe('spec data §3.6 "Tree view: name, is_enabled, roles restriction"', () => {
  it.each([
    [{ is_enabled: true, role_ids: [] }, nurse, true],
    [{ is_enabled: false, role_ids: [] }, nurse, false],
    [{ is_enabled: true, role_ids: [2] }, nurse, true],
    [{ is_enabled: true, role_ids: [3] }, nurse, false],
    [{ is_enabled: true, role_ids: [3] }, superuser, true],
    [{ is_enabled: false, role_ids: [] }, superuser, false],
  ])("%j for %j → %s", (v, user, visible) => expect(isTreeViewVisible(v, user)).toBe(visible));
});
