import type { PermissionCode } from "@caresuite/domain";

/** `admin::manage_users` → its label key `permissions.admin.manage_users` (role editor, audit log). */
export function permissionLabelKey(code: PermissionCode): string {
  return `permissions.${code.replace("::", ".")}`;
}
