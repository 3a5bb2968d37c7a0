import {
  PERMISSION_CODES,
  ROLE_PERMISSION_LEVELS,
  fieldErrors,
  isAccessLevel,
  isPermissionCode,
  meaningfulLevels,
  permissionCodesByModule,
  roleGrantsBeyond,
  roleInputSchema,
  type AccessLevel,
  type GrantHolder,
  type PermissionCode,
  type PermissionModule,
  type RolePermissionLevel,
  type RolePermissionsClipboard,
} from "@caresuite/domain";
import type { TFunction } from "i18next";
import { firstFieldErrors, type FieldError } from "../../../api/errors";
import type { RoleInputData, RoleRecord } from "./roles.graphql";
import { permissionLabelKey } from "../../../i18n/permission-labels";

/** The level of every permission code; a code the role does not list is hidden. */
export type PermissionLevels = Record<PermissionCode, RolePermissionLevel>;

/** Call source group id → access level; a group not listed has no entry (not "None"). */
export type GroupLevels = Record<number, AccessLevel>;

export interface RoleFormValues {
  name: string;
  permissions: PermissionLevels;
  groups: GroupLevels;
}

export const ROLE_FORM_FIELDS: ReadonlySet<string> = new Set(["name", "permissions", "call_source_group_permissions"]);

/** The permission modules in spec order with their codes (admin, analytics, app, calllog, ...). */
export const PERMISSION_MODULES: readonly [PermissionModule, PermissionCode[]][] = Object.entries(permissionCodesByModule()) as [
  PermissionModule,
  PermissionCode[],
][];

/**
 * The tooltip of a permission: its module and name, translated ("Administration: Sicherungen
 * verwalten"). It showed the raw code (`admin::manage_backups`) before.
 */
export function permissionTitle(t: TFunction, code: PermissionCode): string {
  const [module = ""] = code.split("::");
  return t("roles.permissionTitle", { module: t(`permissions.modules.${module}`), permission: t(permissionLabelKey(code)) });
}

const isRolePermissionLevel = (level: string): level is RolePermissionLevel => (ROLE_PERMISSION_LEVELS as readonly string[]).includes(level);

/** The schema types levels as strings: a code or level this client does not know stays hidden. */
export function permissionLevels(list: readonly { code: string; level: string }[] = []): PermissionLevels {
  const levels = Object.fromEntries(PERMISSION_CODES.map((code) => [code, "hide"])) as PermissionLevels;
  for (const { code, level } of list) if (isPermissionCode(code) && isRolePermissionLevel(level)) levels[code] = level;
  return levels;
}

export function emptyRoleValues(): RoleFormValues {
  return { name: "", permissions: permissionLevels(), groups: {} };
}

export function roleToValues(role: RoleRecord): RoleFormValues {
  const groups: GroupLevels = {};
  for (const grant of role.call_source_group_permissions) if (isAccessLevel(grant.permission_level)) groups[grant.callsource_group_id] = grant.permission_level;
  return { name: role.name, permissions: permissionLevels(role.permissions), groups };
}

/** The granted permissions (hidden ones are left out) in spec order: what the API and the clipboard get. */
export function grantedPermissions(levels: PermissionLevels): { code: PermissionCode; level: RolePermissionLevel }[] {
  return PERMISSION_CODES.filter((code) => levels[code] !== "hide").map((code) => ({ code, level: levels[code] }));
}

export function roleInputOf(values: RoleFormValues): RoleInputData {
  return {
    name: values.name,
    permissions: grantedPermissions(values.permissions),
    call_source_group_permissions: Object.entries(values.groups).map(([id, level]) => ({ callsource_group_id: Number(id), permission_level: level })),
  };
}

/** The domain's role schema on the input, first message per field (spec §5). */
export function roleFormErrors(values: RoleFormValues): Record<string, FieldError> {
  const parsed = roleInputSchema.safeParse(roleInputOf(values));
  return parsed.success ? {} : firstFieldErrors(fieldErrors(parsed.error));
}

export function sameRoleValues(a: RoleFormValues, b: RoleFormValues): boolean {
  return JSON.stringify(roleInputOf(a)) === JSON.stringify(roleInputOf(b));
}

/** How many of a module's codes are granted (the module header's count). */
export function grantedCount(levels: PermissionLevels, codes: readonly PermissionCode[]): number {
  return codes.filter((code) => levels[code] !== "hide").length;
}

/** Whether the actor may give a code at a level (nobody grants what they do not hold, docs/decisions/009). */
export type CanGrantLevel = (code: PermissionCode, level: RolePermissionLevel) => boolean;

/** What the signed-in user may give: a level whose access lies within their own (hide always). */
export function grantLevelCheck(holder: GrantHolder): CanGrantLevel {
  return (code, level) => level === "hide" || roleGrantsBeyond(holder, [{ code, level }]).length === 0;
}

/**
 * The level a module's "all" control sets for one code: the level itself where it makes a
 * difference, read for codes without changes (write would give the same), none for action codes
 * at read (it would give nothing).
 */
function moduleLevelFor(code: PermissionCode, level: RolePermissionLevel): RolePermissionLevel | null {
  const meaningful = meaningfulLevels(code);
  if (meaningful.includes(level)) return level;
  return level === "write" && meaningful.includes("read") ? "read" : null;
}

/** Sets every code of a module the actor may grant to one level (the module's "all" control). */
export function setModuleLevel(
  levels: PermissionLevels,
  codes: readonly PermissionCode[],
  level: RolePermissionLevel,
  canGrant: CanGrantLevel,
): PermissionLevels {
  const next = { ...levels };
  for (const code of codes) {
    const target = moduleLevelFor(code, level);
    if (target !== null && canGrant(code, target)) next[code] = target;
  }
  return next;
}

export interface PasteResult {
  permissions: PermissionLevels;
  /** Codes the clipboard grants that the actor does not hold (kept as they were). */
  skipped: PermissionCode[];
}

/**
 * spec §6: "Permissions can be copied and pasted between servers." A paste replaces the role's
 * permissions: what the clipboard lists gets its level, everything else is hidden. Nobody grants
 * what they do not hold (the server refuses it): such codes keep their current level.
 */
export function applyPastedPermissions(current: PermissionLevels, clipboard: RolePermissionsClipboard, canGrant: CanGrantLevel): PasteResult {
  const pasted = permissionLevels(clipboard.permissions);
  const permissions = { ...current };
  const skipped: PermissionCode[] = [];
  for (const code of PERMISSION_CODES) {
    if (!canGrant(code, pasted[code])) {
      if (pasted[code] !== current[code]) skipped.push(code);
      continue;
    }
    permissions[code] = pasted[code];
  }
  return { permissions, skipped };
}
