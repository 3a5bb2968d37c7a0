import { describe, expect, it } from "vitest";
import { ENTITIES, ROUTES } from "@caresuite/domain";
import { buildLicence, buildSuperuser, buildUser } from "@caresuite/domain/test-builders";
import { isTopLevelEntity } from "../../entity-admin/entity-labels";
import { adminChildPaths, adminNavItems, entityOfAdminPath } from "./admin-nav";

/** The screens built so far: every entity list and the global settings. */
const built = new Set([...ENTITIES.filter(isTopLevelEntity).map((entity) => `/admin/${entity.route}`), "/admin/settings"]);
const hasScreen = (path: string): boolean => built.has(path);
const paths = (items: { path: string }[]): string[] => items.map((item) => item.path);
const licence = buildLicence();

describe("admin navigation", () => {
  it("shows what the user may enter, in route table order", () => {
    const user = buildUser({ permissions: ["admin::use_module", "admin::manage_display_notes"] });
    expect(paths(adminNavItems({ user, licence }, hasScreen))).toEqual(["displaynotes", "settings"]);
  });

  it("shows a superuser every built screen, with labels from the registry", () => {
    const items = adminNavItems({ user: buildSuperuser(), licence }, hasScreen);
    expect(items.length).toBe(built.size);
    expect(items[0]).toEqual({ path: "calltypes", to: "/admin/calltypes", labelKey: "entities.callType.title" });
    // Route table order: ..., displaynotes, ..., settings, defects, reports.
    expect(items.at(-3)?.labelKey).toBe("entities.displayNote.title");
    expect(items.at(-2)).toEqual({ path: "settings", to: "/admin/settings", labelKey: "admin.nav.settings" });
    expect(items.at(-1)).toEqual({ path: "reports", to: "/admin/reports", labelKey: "entities.technicalReport.title" });
  });

  it("hides screens that do not exist yet; users and roles appear once routed", () => {
    const user = buildUser({ permissions: ["admin::use_module", "admin::manage_users", "admin::manage_roles"] });
    expect(paths(adminNavItems({ user, licence }, hasScreen))).toEqual(["settings"]);
    const withUsers = (path: string): boolean => hasScreen(path) || path === "/admin/users" || path === "/admin/roles";
    expect(paths(adminNavItems({ user, licence }, withUsers))).toEqual(["users", "roles", "settings"]);
  });

  it("defects for admin::manage_system or calllog::see_defects; technical reports for admin::manage_reports with the analytics licence", () => {
    const withDefects = (path: string): boolean => hasScreen(path) || path === "/admin/defects";
    const seer = buildUser({ permissions: ["admin::use_module", "calllog::see_defects"] });
    expect(paths(adminNavItems({ user: seer, licence }, withDefects))).toEqual(["settings", "defects"]);
    const reporter = buildUser({ permissions: ["admin::use_module", "admin::manage_reports"] });
    expect(paths(adminNavItems({ user: reporter, licence }, withDefects))).toEqual(["settings", "reports"]);
    expect(paths(adminNavItems({ user: reporter, licence: buildLicence({ features: { analytics: false } }) }, withDefects))).toEqual(["settings"]);
  });

  it("respects licences of the route table (backups need the management licence)", () => {
    const user = buildUser({ permissions: ["admin::use_module", "admin::manage_backups"] });
    const all = (): boolean => true;
    expect(paths(adminNavItems({ user, licence }, all))).toContain("backups");
    expect(paths(adminNavItems({ user, licence: buildLicence({ features: { management: false } }) }, all))).not.toContain("backups");
  });
});

describe("system tools in the navigation (docs/decisions/044-cleanup-logs-maintenance.md)", () => {
  const withTools = (path: string): boolean => hasScreen(path) || ["/admin/logs", "/admin/license", "/admin/maintenance"].includes(path);
  it("licence and logs only for admin::manage_system; logs also need the management licence; maintenance for the admin area", () => {
    const admin = buildUser({ permissions: ["admin::use_module", "admin::manage_system"] });
    const shown = paths(adminNavItems({ user: admin, licence }, withTools));
    expect(shown).toEqual(expect.arrayContaining(["logs", "license", "maintenance"]));
    const unmanaged = paths(adminNavItems({ user: admin, licence: buildLicence({ features: { management: false } }) }, withTools));
    expect(unmanaged).not.toContain("logs");
    expect(unmanaged).toContain("license");
    const notes = buildUser({ permissions: ["admin::use_module", "admin::manage_display_notes"] });
    expect(paths(adminNavItems({ user: notes, licence }, withTools))).toEqual(["displaynotes", "maintenance", "settings"]);
  });
});

describe("registry and route table agree", () => {
  it("every entity with its own list has an /admin child route with the entity's permission", () => {
    const admin = ROUTES.find((route) => route.path === "/admin");
    for (const entity of ENTITIES.filter(isTopLevelEntity)) {
      const child = admin?.children?.find((route) => route.path === entity.route);
      expect(child, entity.name).toBeDefined();
      expect(child?.permissions, entity.name).toContain(entity.permission);
      // The sort modal is guarded only if the table lists it.
      expect(child?.children?.some((route) => route.path === "sort") ?? false, `${entity.name} sort`).toBe(entity.sortable === true);
      expect(entityOfAdminPath(entity.route)).toBe(entity);
    }
  });

  it("lists child paths without parameters", () => {
    expect(adminChildPaths()).toContain("settings");
    expect(adminChildPaths().every((path) => !path.includes(":"))).toBe(true);
  });
});
