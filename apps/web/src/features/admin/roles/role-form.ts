import {
  PERMISSION_CODES,
  fieldErrors,
  isPermissionCode,
  permissionCodesByModule,
  roleInputSchema,
  type AccessLevel,
  type PermissionCode,
  type PermissionModule,
  type RolePermissionLevel,
  type RolePermissionsClipboard,
} from "@caresuite/domain";
import { firstFieldErrors, type FieldError } from "../../../api/errors";
import type { RoleInputData, RoleRecord } from "./roles.graphql";

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

/** `admin::manage_users` → its label key `permissions.admin.manage_users`. */
export function permissionLabelKey(code: PermissionCode): string {
  return `permissions.${code.replace("::", ".")}`;
}

export function permissionLevels(list: readonly { code: string; level: RolePermissionLevel }[] = []): PermissionLevels {
  const levels = Object.fromEntries(PERMISSION_CODES.map((code) => [code, "hide"])) as PermissionLevels;
  for (const { code, level } of list) if (isPermissionCode(code)) levels[code] = level;
  return levels;
}

export function emptyRoleValues(): RoleFormValues {
  return { name: "", permissions: permissionLevels(), groups: {} };
}

export function roleToValues(role: RoleRecord): RoleFormValues {
  const groups: GroupLevels = {};
  for (const grant of role.call_source_group_permissions) groups[grant.callsource_group_id] = grant.permission_level;
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

/** Sets every code of a module the actor may grant to one level (the module's "all" control). */
export function setModuleLevel(
  levels: PermissionLevels,
  codes: readonly PermissionCode[],
  level: RolePermissionLevel,
  canGrant: (code: PermissionCode) => boolean,
): PermissionLevels {
  const next = { ...levels };
  for (const code of codes) if (level === "hide" || canGrant(code)) next[code] = level;
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
export function applyPastedPermissions(
  current: PermissionLevels,
  clipboard: RolePermissionsClipboard,
  canGrant: (code: PermissionCode) => boolean,
): PasteResult {
  const pasted = permissionLevels(clipboard.permissions);
  const permissions = { ...current };
  const skipped: PermissionCode[] = [];
  for (const code of PERMISSION_CODES) {
    if (pasted[code] !== "hide" && !canGrant(code)) {
      if (pasted[code] !== current[code]) skipped.push(code);
      continue;
    }
    permissions[code] = pasted[code];
  }
  return { permissions, skipped };
}
