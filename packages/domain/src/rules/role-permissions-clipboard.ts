import { z } from "zod";
import { PERMISSION_CODES } from "../permissions.ts";
import { ROLE_PERMISSION_LEVELS, type RolePermissionLevel } from "./role-hierarchy.ts";

// Apart from role-hierarchy.ts: its rules run in the web's first chunk, this schema only in the
// role editor (a module-level schema would pull zod into every page).

/**
 * spec §6: "Permissions can be copied and pasted between servers." The clipboard holds this JSON;
 * pasting validates it, so only known permission codes and levels come in.
 */
export const ROLE_PERMISSIONS_CLIPBOARD_FORMAT = "caresuite.role-permissions";
export const rolePermissionsClipboardSchema = z
  .object({
    format: z.literal(ROLE_PERMISSIONS_CLIPBOARD_FORMAT),
    version: z.literal(1),
    permissions: z.array(z.object({ code: z.enum(PERMISSION_CODES), level: z.enum(ROLE_PERMISSION_LEVELS) }).strict()).max(PERMISSION_CODES.length),
  })
  .strict();
export type RolePermissionsClipboard = z.infer<typeof rolePermissionsClipboardSchema>;

/** The clipboard text of a role's permissions. */
export function serializeRolePermissions(permissions: readonly { code: string; level: RolePermissionLevel }[]): string {
  return JSON.stringify({ format: ROLE_PERMISSIONS_CLIPBOARD_FORMAT, version: 1, permissions }, null, 2);
}

/** Parses pasted text; null when it is not a valid permission clipboard. */
export function parseRolePermissions(text: string): RolePermissionsClipboard | null {
  try {
    const parsed = rolePermissionsClipboardSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
