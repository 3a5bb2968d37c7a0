import { DEFAULT_GLOBAL_SETTINGS, type GlobalSettings } from "../global-settings.ts";
import type { EntityDef, FieldDef } from "./define.ts";

/** The global settings that lift a requirement; null while they are not known (their defaults apply). */
export type RequirementSettings = Pick<GlobalSettings, "allow_empty_call_source_names">;

/**
 * Whether the server requires the field, given the global settings. Unknown settings count with
 * their defaults, so that the form marks what the server will ask for ("Every field the
 * server requires shows as required").
 */
export function isFieldRequired(field: FieldDef, settings: RequirementSettings | null | undefined): boolean {
  if (field.required === true) return true;
  if (field.requiredUnless === undefined) return false;
  return !(settings ?? DEFAULT_GLOBAL_SETTINGS)[field.requiredUnless];
}

/** Whether any field of the entity depends on a global setting (the form then reads them). */
export function hasSettingRequirements(entity: EntityDef): boolean {
  return Object.values(entity.fields).some((field) => field.requiredUnless !== undefined);
}

/**
 * The fields an input leaves empty although a global setting requires them
 * (spec data §3.2 allow_empty_call_source_names: "otherwise a name is needed").
 */
export function missingSettingRequiredFields(
  entity: EntityDef,
  input: Readonly<Record<string, unknown>>,
  settings: RequirementSettings | null | undefined,
): string[] {
  return Object.entries(entity.fields)
    .filter(([, field]) => field.requiredUnless !== undefined && isFieldRequired(field, settings))
    .filter(([name]) => {
      const value = input[name];
      return value === undefined || value === null || (typeof value === "string" && value.trim() === "");
    })
    .map(([name]) => name);
}
