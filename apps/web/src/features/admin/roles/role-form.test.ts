import { describe, expect, it } from "vitest";
import { createInstance } from "i18next";
import { PERMISSION_CODES, findRouteChain, guardRoute, parseRolePermissions, serializeRolePermissions, type PermissionCode } from "@caresuite/domain";
import { buildLicence, buildSuperuser, buildUser } from "@caresuite/domain/test-builders";
import adminDe from "../../../i18n/locales/admin/de.json";
import adminEn from "../../../i18n/locales/admin/en.json";
import adminFr from "../../../i18n/locales/admin/fr.json";
import adminIt from "../../../i18n/locales/admin/it.json";
import {
  PERMISSION_MODULES,
  applyPastedPermissions,
  emptyRoleValues,
  grantedPermissions,
  permissionTitle,
  permissionLevels,
  roleFormErrors,
  roleInputOf,
  roleToValues,
  sameRoleValues,
  grantLevelCheck,
  setModuleLevel,
} from "./role-form";
import type { RoleRecord } from "./roles.graphql";
import { permissionLabelKey } from "../../../i18n/permission-labels";

const role: RoleRecord = {
  id: 4,
  name: "Pflege",
  sort_order: 3,
  permissions: [
    { code: "calllog::use_module", level: "write" },
    { code: "admin::see_auditlog", level: "read" },
    { code: "admin::use_module", level: "hide" },
  ],
  call_source_group_permissions: [{ callsource_group_id: 9, permission_level: "Read" }],
  user_count: 2,
  can_edit: true,
};

const lookup = (catalogue: object, key: string): unknown =>
  key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogue);

describe("permission editor model", () => {
  it("groups every code by module in spec order", () => {
    expect(PERMISSION_MODULES.map(([module]) => module)).toEqual(["admin", "analytics", "app", "calllog", "display", "systemtree", "visuals"]);
    expect(PERMISSION_MODULES.flatMap(([, codes]) => codes)).toEqual([...PERMISSION_CODES]);
  });

  it.each(Object.entries({ de: adminDe, en: adminEn, fr: adminFr, it: adminIt }))(
    "has a %s label for every permission code and module",
    (_locale, catalogue) => {
      for (const code of PERMISSION_CODES) expect(typeof lookup(catalogue, permissionLabelKey(code)), code).toBe("string");
      for (const [module] of PERMISSION_MODULES) expect(typeof lookup(catalogue, `permissions.modules.${module}`), module).toBe("string");
    },
  );

  // "Permission tooltips show raw keys (`admin::manage_backups`) and should show the translated description."
  it.each(Object.entries({ de: adminDe, en: adminEn, fr: adminFr, it: adminIt }))(
    "titles every permission in %s with its module and name",
    async (locale, catalogue) => {
      const i18n = createInstance();
      await i18n.init({ lng: locale, resources: { [locale]: { translation: catalogue } }, interpolation: { escapeValue: false } });
      const t = i18n.t;
      for (const code of PERMISSION_CODES) {
        const title = permissionTitle(t, code);
        expect(title, code).not.toMatch(/::|permissions\.|roles\./);
        expect(title, code).toContain(String(lookup(catalogue, permissionLabelKey(code))));
      }
      if (locale === "de") expect(permissionTitle(t, "admin::manage_backups")).toBe("Administration: Sicherungen verwalten");
    },
  );

  it("reads a role with every unlisted code hidden, and sends only granted codes", () => {
    const values = roleToValues(role);
    expect(values.permissions["calllog::use_module"]).toBe("write");
    expect(values.permissions["systemtree::sync"]).toBe("hide");
    expect(roleInputOf(values)).toEqual({
      name: "Pflege",
      permissions: [
        { code: "admin::see_auditlog", level: "read" },
        { code: "calllog::use_module", level: "write" },
      ],
      call_source_group_permissions: [{ callsource_group_id: 9, permission_level: "Read" }],
    });
  });

  it("ignores codes it does not know (another server's newer role)", () => {
    expect(permissionLevels([{ code: "future::thing", level: "write" }])).toEqual(permissionLevels());
  });

  it("validates with the domain's roleInputSchema", () => {
    expect(roleFormErrors({ ...emptyRoleValues(), name: "  " })).toEqual({ name: { message: "validation.required", data: { field: "name" } } });
    expect(roleFormErrors({ ...emptyRoleValues(), name: "Nacht" })).toEqual({});
  });

  it("sees no change when only hidden entries differ", () => {
    const a = roleToValues(role);
    const b = roleToValues({ ...role, permissions: role.permissions.filter((p) => p.level !== "hide") });
    expect(sameRoleValues(a, b)).toBe(true);
    expect(sameRoleValues(a, { ...b, name: "Nacht" })).toBe(false);
  });

  it("sets a whole module, but only to codes the actor may grant", () => {
    const codes = PERMISSION_MODULES.find(([module]) => module === "calllog")?.[1] ?? [];
    const canGrant = (code: PermissionCode): boolean => code !== "calllog::close_calls";
    const next = setModuleLevel(permissionLevels(), codes, "read", canGrant);
    expect(codes.map((code) => next[code])).toEqual(["read", "hide", "read", "read"]);
    expect(codes.every((code) => setModuleLevel(next, codes, "hide", canGrant)[code] === "hide")).toBe(true);
  });
});

describe('granting levels — spec "Levels are hide, read, write" (docs/decisions/009)', () => {
  const reader = buildUser({ permissions: ["admin::manage_system", "calllog::use_module"], write_permissions: [] });
  const canGrant = grantLevelCheck(reader);

  it.each<[PermissionCode, "hide" | "read" | "write", boolean]>([
    ["admin::manage_system", "read", true],
    ["admin::manage_system", "write", false],
    ["calllog::use_module", "write", true],
    ["admin::see_auditlog", "read", false],
    ["admin::see_auditlog", "hide", true],
    ["calllog::close_calls", "write", false],
  ])("an actor at read for manage_system: %s at %s → %s", (code, level, expected) => {
    expect(canGrant(code, level)).toBe(expected);
  });

  it("sets a module to write only where write makes a difference and is held", () => {
    const codes = PERMISSION_MODULES.find(([module]) => module === "calllog")?.[1] ?? [];
    const next = setModuleLevel(
      permissionLevels(),
      codes,
      "write",
      grantLevelCheck(buildUser({ permissions: ["calllog::use_module", "calllog::close_calls"], write_permissions: ["calllog::close_calls"] })),
    );
    expect(codes.map((code) => next[code])).toEqual(["read", "write", "hide", "hide"]);
  });
});

describe("copy and paste between servers (spec §6)", () => {
  it("round-trips a role's permissions through the clipboard text", () => {
    const levels = roleToValues(role).permissions;
    const clipboard = parseRolePermissions(serializeRolePermissions(grantedPermissions(levels)));
    expect(clipboard).not.toBeNull();
    if (!clipboard) return;
    expect(applyPastedPermissions(permissionLevels(), clipboard, () => true)).toEqual({ permissions: levels, skipped: [] });
  });

  it("replaces the permissions: what the clipboard does not list is hidden", () => {
    const clipboard = parseRolePermissions(serializeRolePermissions([{ code: "systemtree::sync", level: "read" }]));
    if (!clipboard) throw new Error("invalid clipboard");
    const { permissions } = applyPastedPermissions(roleToValues(role).permissions, clipboard, () => true);
    expect(grantedPermissions(permissions)).toEqual([{ code: "systemtree::sync", level: "read" }]);
  });

  it("does not grant what the actor does not hold, and says how many were skipped", () => {
    const clipboard = parseRolePermissions(
      serializeRolePermissions([
        { code: "calllog::use_module", level: "read" },
        { code: "admin::manage_roles", level: "write" },
      ]),
    );
    if (!clipboard) throw new Error("invalid clipboard");
    const actor = buildUser({ permissions: ["calllog::use_module"] });
    const { permissions, skipped } = applyPastedPermissions(permissionLevels(), clipboard, (code) => actor.permissions.includes(code));
    expect(grantedPermissions(permissions)).toEqual([{ code: "calllog::use_module", level: "read" }]);
    expect(skipped).toEqual(["admin::manage_roles"]);
  });

  it.each([
    ["not JSON"],
    ['{"format":"other","version":1,"permissions":[]}'],
    ['{"format":"caresuite.role-permissions","version":1,"permissions":[{"code":"x::y","level":"read"}]}'],
  ])("refuses %s", (text) => expect(parseRolePermissions(text)).toBeNull());
});

describe("roles/sort is for superusers (spec route table: others go to no-access)", () => {
  const ctx = { licence: buildLicence(), committing: false, demoMode: false };
  const chain = findRouteChain("/admin/roles/sort");

  it("sends a role manager who is no superuser to no-access with the error notification", () => {
    const user = buildUser({ permissions: ["admin::use_module", "admin::manage_roles"] });
    expect(chain && guardRoute(chain, "/admin/roles/sort", { ...ctx, user })).toEqual({ kind: "redirect", to: "/no-access", accessDenied: true });
    const list = findRouteChain("/admin/roles");
    expect(list && guardRoute(list, "/admin/roles", { ...ctx, user })).toEqual({ kind: "allow" });
  });

  it("lets a superuser in", () => {
    expect(chain && guardRoute(chain, "/admin/roles/sort", { ...ctx, user: buildSuperuser() })).toEqual({ kind: "allow" });
  });
});
