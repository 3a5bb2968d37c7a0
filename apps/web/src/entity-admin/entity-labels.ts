import { isAdminAreaEntity, type EntityDef, type EnumField, type FieldDef } from "@caresuite/domain";

/**
 * The i18n keys of a registry entity (ARCHITECTURE «Entity registry»: labels come from the registry, never from a
 * second field list). Texts live in the admin catalogue (i18n/locales/admin).
 */

/** Plural title, e.g. "Rufarten". */
export function entityTitleKey(entity: Pick<EntityDef, "name">): string {
  return `entities.${entity.name}.title`;
}

/** Singular name, e.g. "Rufart". */
export function entitySingularKey(entity: Pick<EntityDef, "name">): string {
  return `entities.${entity.name}.singular`;
}

export function fieldLabelKey(entity: Pick<EntityDef, "name">, field: string): string {
  return `entities.${entity.name}.fields.${field}`;
}

/** Only for fields with `help: true`. */
export function fieldHelpKey(entity: Pick<EntityDef, "name">, field: string): string {
  return `entities.${entity.name}.help.${field}`;
}

/** An option of an enum field: `<labels prefix or enums.<entity>.<field>>.<value>`. */
export function enumLabelKey(entity: Pick<EntityDef, "name">, field: string, def: EnumField, value: string): string {
  return `${def.labels ?? `enums.${entity.name}.${field}`}.${value}`;
}

/** The unit next to a number input (IntField.unit is a key under units.*). */
export function unitKey(unit: string): string {
  return `units.${unit}`;
}

/** A sentinel's label is an i18n key; a bare word is looked up under sentinels.*. */
export function sentinelLabelKey(label: string): string {
  return label.includes(".") ? label : `sentinels.${label}`;
}

/**
 * Whether the entity has its own admin list (checkpoints are edited inside their map; display
 * group overrides have their list in the tree area).
 */
export function isTopLevelEntity(entity: EntityDef): boolean {
  return entity.parent === undefined && isAdminAreaEntity(entity);
}

/** Every key an entity's list and form need: the completeness test checks them all. */
export function entityLabelKeys(entity: EntityDef): string[] {
  const keys = [entityTitleKey(entity), entitySingularKey(entity)];
  for (const [name, field] of Object.entries(entity.fields) as [string, FieldDef][]) {
    keys.push(fieldLabelKey(entity, name));
    if (field.help) keys.push(fieldHelpKey(entity, name));
    if (field.kind === "enum") for (const value of field.values) keys.push(enumLabelKey(entity, name, field, value));
    if (field.kind === "int" && field.unit) keys.push(unitKey(field.unit));
    if (field.kind === "ref") for (const sentinel of field.sentinels ?? []) keys.push(sentinelLabelKey(sentinel.label));
  }
  return keys;
}
