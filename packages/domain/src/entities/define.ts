import type { LicenceFeature } from "../licence.ts";
import type { PermissionCode } from "../permissions.ts";

/**
 * The entity registry's vocabulary (ARCHITECTURE «Entity registry»): one `defineEntity` per entity holds its
 * fields, permission, licence and validation; the server derives tables' types, GraphQL types
 * and generic CRUD from it, the web its list columns and form fields, both the zod schema
 * (`entitySchema`, entities/schema.ts).
 */

/** Text rules of spec data §5 beyond plain length. */
export type TextFormat =
  /** "ip (IPv4 only)" */
  | "ipv4"
  /** "url (must start with http:// or https://)" */
  | "url"
  /** one e-mail address */
  | "email"
  /** "email (several, comma-separated)" */
  | "emails"
  /** "criterion must start with 0x, e.g. 0x6A" */
  | "criterion"
  /** "Short text max 7 characters, no umlauts or special characters" */
  | "short_text"
  /** "Long text max 19, no umlauts" */
  | "long_text"
  /** "#RRGGBB" colour */
  | "color"
  /** "YYYY-MM-DD" calendar date */
  | "date"
  /** ISO 8601 date and time ("2024-05-01T08:00:00Z"); for server-set fields such as hub last_sync */
  | "datetime";

interface FieldBase {
  /** Required on create and update (spec "required: {field} is needed"). */
  required?: boolean;
  /**
   * Required unless this global setting is on (call source text: allow_empty_call_source_names).
   * The schema cannot see settings: the server checks it, the form marks it (required-fields.ts).
   */
  requiredUnless?: "allow_empty_call_source_names";
  /** Shown as a column in the admin list. */
  list?: boolean;
  /** Included in the admin list's search. */
  search?: boolean;
  /** Not in the generic form (set by the server or by a custom part). */
  form?: boolean;
  /** Write-only: never returned to clients (hub/configurator passwords, tokens). */
  secret?: boolean;
  /** Unique among the records of the same system (spec "unique: already used"). */
  unique?: boolean;
  /** Help text key under `<entity>.help.<field>` exists. */
  help?: boolean;
}

export interface TextField extends FieldBase {
  kind: "text";
  min?: number;
  max: number;
  format?: TextFormat;
  /** spec "Input filter": uppercase and keep only space..backslash, dot, letters, digits. */
  filter?: "upper";
  /** spec "comma_not_allowed" */
  noComma?: boolean;
  multiline?: boolean;
  default?: string;
}

export interface IntField extends FieldBase {
  kind: "int";
  min?: number;
  max?: number;
  default?: number;
  /** Unit shown next to the input (i18n key under units.*): seconds, minutes, hours, percent… */
  unit?: string;
}

export interface BoolField extends FieldBase {
  kind: "bool";
  default?: boolean;
}

export interface EnumField extends FieldBase {
  kind: "enum";
  values: readonly string[];
  default?: string;
  /** i18n prefix of the option labels, default `enums.<entity>.<field>`. */
  labels?: string;
}

/** A time of day, "HH:MM" in the API and forms, minutes since midnight in the database. */
export interface TimeField extends FieldBase {
  kind: "time";
  default?: number;
}

/** A reference to one record of another entity (an id; sentinels allowed). */
export interface RefField extends FieldBase {
  kind: "ref";
  entity: string;
  /**
   * Special ids with a meaning, e.g. display group 255 none, 254 all, 253 section. `label` is an
   * i18n key (`sentinels.<label>`); pickers list these before the records.
   */
  sentinels?: readonly { id: number; label: string }[];
  default?: number;
}

/** References to several records, stored as a JSON array of ids. */
export interface RefListField extends FieldBase {
  kind: "refs";
  entity: string;
  max?: number;
}

export interface FileField extends FieldBase {
  kind: "file";
  /** Accepted MIME types. */
  accept: readonly string[];
  maxBytes: number;
}

export type FieldDef = TextField | IntField | BoolField | EnumField | TimeField | RefField | RefListField | FileField;

export type FieldKind = FieldDef["kind"];

/** A cross-field rule: returns issues as { field, message (i18n key), data }. */
export type EntityRule = (data: Record<string, unknown>) => { field: string; message: string; data?: Record<string, unknown> }[];

export interface EntityDef<F extends Record<string, FieldDef> = Record<string, FieldDef>> {
  /** camelCase singular: GraphQL type (PascalCase of it), i18n namespace `entities.<name>`. */
  name: string;
  /** camelCase plural: list query name. */
  plural: string;
  table: string;
  /** Admin child route below /admin (spec route table), e.g. "calltypes". */
  route: string;
  /** Records belong to one system and are filtered by X-CS-System (system_id column). */
  systemScoped: boolean;
  /** The permission that guards reading and writing (spec route table). */
  permission: PermissionCode;
  /**
   * The permission changes need where the spec gives them their own (display group overrides:
   * "/tree/displaygroupoverrides ... systemtree::see_display_group_overrides; edit needs
   * systemtree::manage_display_group_overrides"), held at write. Absent: `permission` at write.
   */
  editPermission?: PermissionCode;
  /**
   * The route table section whose child `route` is: "admin" (default, /admin/<route>) or "tree"
   * (/tree/<route>, the display group overrides). Only admin entities are in the admin area.
   */
  area?: "admin" | "tree";
  licence?: LicenceFeature;
  /** Has a sort_order column and a /sort screen. */
  sortable?: boolean;
  /** The field that names a record in lists, audit entries and pickers. */
  displayField: string;
  fields: F;
  rules?: readonly EntityRule[];
  /** spec §8 "Max reached for call types, schedules, configurators". */
  maxCount?: number;
  /**
   * The highest id a record may have: the ids above are the spec's sentinels (schedule 20 "all
   * day", display groups 253 to 255) and the controller addresses records by id. A new record
   * takes the smallest free id up to this limit; none free is "max reached".
   */
  idLimit?: number;
  /** Default sort of the admin list. */
  defaultSort?: { field: string; direction: "asc" | "desc" };
  /**
   * A child entity edited inside its parent's form (checkpoints inside a checkpoint map), with no
   * admin route of its own: `route` and `permission` are the parent's, `field` is the required ref
   * to the parent. The parent's editor fills that field, so it is `form: false` yet part of the
   * input schema; lists of children are filtered by it.
   */
  parent?: { entity: string; field: string };
  /**
   * Field combinations unique among the records of a system (of a parent, when the combination
   * holds the parent field). spec: "duplicate: a record with same values exists".
   */
  uniqueTogether?: readonly (readonly string[])[];
}

/** The permission that changes of an entity need (at write). */
export function editPermissionOf(entity: Pick<EntityDef, "permission" | "editPermission">): PermissionCode {
  return entity.editPermission ?? entity.permission;
}

/**
 * Declares an entity; only checks and returns it. The type keeps the definition's literals (table,
 * field names and kinds, systemScoped, sortable): the server derives its row types from them.
 */
export function defineEntity<const D extends EntityDef>(def: D & EntityDef<D["fields"]>): D {
  if (!(def.displayField in def.fields)) {
    throw new Error(`${def.name}: displayField ${def.displayField} is not a field`);
  }
  for (const name of Object.keys(def.fields)) {
    if (!/^[a-z][a-z0-9_]*$/.test(name)) throw new Error(`${def.name}: field name ${name} must be snake_case`);
    if (name === "id" || name === "system_id" || name === "sort_order") {
      throw new Error(`${def.name}: ${name} is implied, do not declare it`);
    }
  }
  const named = [...(def.parent ? [def.parent.field] : []), ...(def.uniqueTogether ?? []).flat(), ...(def.defaultSort ? [def.defaultSort.field] : [])];
  for (const name of named) {
    if (!(name in def.fields)) throw new Error(`${def.name}: ${name} is not a field`);
  }
  if (def.parent) {
    const field: FieldDef | undefined = def.fields[def.parent.field];
    if (field?.kind !== "ref" || field.entity !== def.parent.entity || field.required !== true) {
      throw new Error(`${def.name}: parent field ${def.parent.field} must be a required ref to ${def.parent.entity}`);
    }
  }
  return def;
}

// Small builders keep entity files short and readable.
export const text = (options: Omit<TextField, "kind">): TextField => ({ kind: "text", ...options });
export const int = (options: Omit<IntField, "kind"> = {}): IntField => ({ kind: "int", ...options });
export const bool = (options: Omit<BoolField, "kind"> = {}): BoolField => ({ kind: "bool", ...options });
export const oneOf = (values: readonly string[], options: Omit<EnumField, "kind" | "values"> = {}): EnumField => ({
  kind: "enum",
  values,
  ...options,
});
export const time = (options: Omit<TimeField, "kind"> = {}): TimeField => ({ kind: "time", ...options });
export const ref = (entity: string, options: Omit<RefField, "kind" | "entity"> = {}): RefField => ({
  kind: "ref",
  entity,
  ...options,
});
export const refs = (entity: string, options: Omit<RefListField, "kind" | "entity"> = {}): RefListField => ({
  kind: "refs",
  entity,
  ...options,
});
export const file = (options: Omit<FileField, "kind">): FileField => ({ kind: "file", ...options });
