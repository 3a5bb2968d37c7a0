import { z } from "zod";
import { fieldSchema } from "../entities/schema.ts";
import { text } from "../entities/define.ts";
import { VALIDATION_KEYS } from "../validation-messages.ts";
import { ID_LIST_MAX, SAFE_SINGLE_LINE } from "./input-safety.ts";

/**
 * Which views of the system tree a user sees and may edit (spec data §3.6 "Tree view: name,
 * is_enabled, roles restriction. System view: is_enabled, is_system_view, sort_order,
 * apply_permissions, filters (key, value), role_permissions, can_edit.").
 */

export type ViewLevel = "read" | "write";

export interface SystemViewRule {
  is_enabled: boolean;
  is_system_view: boolean;
  sort_order: number;
  apply_permissions: boolean;
  /** A role without a level has the default: write. */
  role_permissions: readonly { role_id: number; level?: ViewLevel | null }[];
}

export interface ViewUser {
  is_superuser: boolean;
  roles: readonly { id: number }[];
}

/** The level a user has on a view, or null when the view is hidden from them. */
export function systemViewLevel(view: SystemViewRule, user: ViewUser): ViewLevel | null {
  if (user.is_superuser || !view.apply_permissions) return "write";
  const roleIds = new Set(user.roles.map((role) => role.id));
  const levels = view.role_permissions.filter((entry) => roleIds.has(entry.role_id)).map((entry) => entry.level ?? "write");
  if (levels.includes("write")) return "write";
  return levels.includes("read") ? "read" : null;
}

/**
 * spec §4 "System views: if none is enabled, the system view counts as enabled. Sorted by
 * sort_order. Non-superusers see a view if it does not apply permissions or one of their roles
 * has read or write (default write); they edit only with write."
 */
export function visibleSystemViews<V extends SystemViewRule>(views: readonly V[], user: ViewUser): (V & { can_edit: boolean })[] {
  const noneEnabled = views.every((view) => !view.is_enabled);
  return views
    .filter((view) => view.is_enabled || (noneEnabled && view.is_system_view))
    .flatMap((view) => {
      const level = systemViewLevel(view, user);
      return level === null ? [] : [{ ...view, can_edit: level === "write" }];
    })
    .sort((a, b) => a.sort_order - b.sort_order);
}

export interface TreeViewRule {
  is_enabled: boolean;
  /** "roles restriction": empty for every role. */
  role_ids: readonly number[];
}

/** A tree view shows when enabled and unrestricted or restricted to one of the user's roles (superusers: every enabled one). */
export function isTreeViewVisible(view: TreeViewRule, user: ViewUser): boolean {
  if (!view.is_enabled) return false;
  if (user.is_superuser || view.role_ids.length === 0) return true;
  return user.roles.some((role) => view.role_ids.includes(role.id));
}

/** What a system view shows: the tree editor's four screens (the web's view switcher). */
export const SYSTEM_VIEW_KEYS = ["tree", "devices", "groups", "connections"] as const;
export type SystemViewKey = (typeof SYSTEM_VIEW_KEYS)[number];

const viewName = fieldSchema(text({ required: true, max: 50 }));
const shortText = z.string().max(255).regex(SAFE_SINGLE_LINE, { error: VALIDATION_KEYS.format });

/** A system view as create and update take it (update: every field optional). */
export const systemViewInputSchema = z.strictObject({
  name: viewName,
  view_key: z.enum(SYSTEM_VIEW_KEYS),
  is_enabled: z.boolean().optional(),
  sort_order: z.number().int().min(0).max(100_000).optional(),
  apply_permissions: z.boolean().optional(),
  filters: z
    .array(z.strictObject({ key: shortText.max(50).min(1), value: shortText }))
    .max(50)
    .optional(),
  role_permissions: z
    .array(z.strictObject({ role_id: z.number().int().positive(), level: z.enum(["read", "write"]).nullable().optional() }))
    .max(ID_LIST_MAX)
    .optional(),
});
export const systemViewUpdateSchema = systemViewInputSchema.partial();
export type SystemViewInput = z.infer<typeof systemViewInputSchema>;

/** A tree view as create and update take it. */
export const treeViewInputSchema = z.strictObject({
  name: viewName,
  is_enabled: z.boolean().optional(),
  role_ids: z.array(z.number().int().positive()).max(ID_LIST_MAX).optional(),
});
export const treeViewUpdateSchema = treeViewInputSchema.partial();
export type TreeViewInput = z.infer<typeof treeViewInputSchema>;

/**
 * The views a fresh system starts with: its four screens. The tree is "the system view" (the one
 * that counts as enabled when none is, so the tree module always has a screen).
 */
export const DEFAULT_SYSTEM_VIEWS: readonly { name: string; view_key: SystemViewKey; sort_order: number; is_system_view: boolean }[] = [
  { name: "Baum", view_key: "tree", sort_order: 1, is_system_view: true },
  { name: "Geräte", view_key: "devices", sort_order: 2, is_system_view: false },
  { name: "Gruppen", view_key: "groups", sort_order: 3, is_system_view: false },
  { name: "Verbindungen", view_key: "connections", sort_order: 4, is_system_view: false },
];
