import type { FieldMap, InputFieldMap } from "@pothos/core";
import { ENTITIES, editPermissionOf, type EntityDef, type FieldDef } from "@caresuite/domain";
import { builder } from "../../graphql/builder.ts";
import { createRecord, deleteRecords, getRecord, listRecords, sortRecords, updateRecord, type ApiRecord } from "./entities.service.ts";

/**
 * The generic GraphQL API of every registry entity, built by looping over ENTITIES (ARCHITECTURE «Entity registry»):
 * `<plural>(filter)`, `<name>(id)`, `create<Name>(data)`, `update<Name>(id, data)`,
 * `delete<Name>(ids)` and, for sortable entities, `sort<Plural>(ids)`. Each field is guarded by
 * the entity's permission and licence.
 */

const pascal = (name: string): string => name.charAt(0).toUpperCase() + name.slice(1);

const SortDirection = builder.enumType("SortDirection", { values: ["ASC", "DESC"] as const });

const ListFilter = builder.inputType("ListFilter", {
  fields: (t) => ({
    search: t.string(),
    sort: t.string(),
    direction: t.field({ type: SortDirection }),
    offset: t.int(),
    limit: t.int(),
    /** Child entities (checkpoints): only the children of this parent record. */
    parent_id: t.int(),
  }),
});

export const DeletedRef = builder.objectRef<{ id: number; name: string }>("DeletedRef").implement({
  fields: (t) => ({ id: t.exposeInt("id"), name: t.exposeString("name") }),
});

function scopesOf(entity: EntityDef) {
  return { $all: { permission: entity.permission, ...(entity.licence ? { licence: entity.licence } : {}) } };
}

/**
 * Changes need the entity's permission at write (spec: "Levels are hide, read, write"), or its own
 * edit permission where the spec gives one (display group overrides).
 */
function writeScopesOf(entity: EntityDef) {
  return { $all: { writePermission: editPermissionOf(entity), ...(entity.licence ? { licence: entity.licence } : {}) } };
}

const value = (record: ApiRecord, name: string): unknown => record[name] ?? null;

type EntityObjectRef = ReturnType<typeof objectType>;
/** The GraphQL object type of each entity by name, for modules that return records (uploads). */
export const ENTITY_OBJECT_TYPES = new Map<string, EntityObjectRef>();

function objectType(entity: EntityDef) {
  return builder.objectRef<ApiRecord>(pascal(entity.name)).implement({
    fields: (t) => {
      const fields: FieldMap = { id: t.int({ resolve: (r) => r.id }) };
      if (entity.sortable) fields["sort_order"] = t.int({ resolve: (r) => Number(r["sort_order"]) });
      for (const [name, field] of Object.entries(entity.fields) as [string, FieldDef][]) {
        if (field.secret) {
          fields[`${name}_set`] = t.boolean({ resolve: (r) => r[`${name}_set`] === true });
          continue;
        }
        switch (field.kind) {
          case "int":
          case "ref":
            fields[name] = t.int({ nullable: true, resolve: (r) => value(r, name) as number | null });
            break;
          case "bool":
            fields[name] = t.boolean({ resolve: (r) => r[name] === true });
            break;
          case "refs":
            fields[name] = t.intList({ resolve: (r) => (r[name] as number[] | undefined) ?? [] });
            break;
          default:
            fields[name] = t.string({ nullable: true, resolve: (r) => value(r, name) as string | null });
        }
      }
      return fields;
    },
  });
}

function inputType(entity: EntityDef) {
  return builder.inputType(`${pascal(entity.name)}Input`, {
    fields: (t) => {
      const fields: InputFieldMap = {};
      if (entity.sortable) fields["sort_order"] = t.int();
      for (const [name, field] of Object.entries(entity.fields) as [string, FieldDef][]) {
        // Files are set by their upload mutation only (the entity's schema has no file fields).
        if (field.kind === "file") continue;
        // Types are loose on purpose (all optional): the entity's zod schema answers with
        // per-field messages, which a GraphQL type error could not.
        switch (field.kind) {
          case "int":
          case "ref":
            fields[name] = t.int();
            break;
          case "bool":
            fields[name] = t.boolean();
            break;
          case "refs":
            fields[name] = t.intList();
            break;
          default:
            fields[name] = t.string();
        }
      }
      return fields;
    },
  });
}

/** GraphQL drops nothing but passes null for omitted optionals in some clients: drop those. */
function withoutNulls(data: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(data).filter(([, v]) => v !== null && v !== undefined));
}

/** The fields an update sends as null: cleared, where a field left out keeps its value. */
function nullFields(data: Record<string, unknown>): ReadonlySet<string> {
  return new Set(Object.entries(data).flatMap(([name, v]) => (v === null ? [name] : [])));
}

for (const entity of ENTITIES) {
  const Type = objectType(entity);
  ENTITY_OBJECT_TYPES.set(entity.name, Type);
  const Input = inputType(entity);
  const Name = pascal(entity.name);
  const Page = builder.objectRef<{ items: ApiRecord[]; total: number }>(`${Name}Page`).implement({
    fields: (t) => ({
      items: t.field({ type: [Type], resolve: (page) => page.items }),
      total: t.exposeInt("total"),
    }),
  });
  const authScopes = scopesOf(entity);
  const writeScopes = writeScopesOf(entity);

  builder.queryField(entity.plural, (t) =>
    t.field({
      type: Page,
      args: { filter: t.arg({ type: ListFilter }) },
      authScopes,
      resolve: (_root, args, ctx) => listRecords(ctx, entity, args.filter ?? {}),
    }),
  );
  builder.queryField(entity.name, (t) =>
    t.field({
      type: Type,
      args: { id: t.arg.int({ required: true }) },
      authScopes,
      resolve: (_root, args, ctx) => getRecord(ctx, entity, args.id),
    }),
  );
  builder.mutationField(`create${Name}`, (t) =>
    t.field({
      type: Type,
      args: { data: t.arg({ type: Input, required: true }) },
      authScopes: writeScopes,
      resolve: (_root, args, ctx) => createRecord(ctx, entity, withoutNulls(args.data)),
    }),
  );
  builder.mutationField(`update${Name}`, (t) =>
    t.field({
      type: Type,
      args: { id: t.arg.int({ required: true }), data: t.arg({ type: Input, required: true }) },
      authScopes: writeScopes,
      resolve: (_root, args, ctx) => updateRecord(ctx, entity, args.id, withoutNulls(args.data), nullFields(args.data)),
    }),
  );
  builder.mutationField(`delete${Name}`, (t) =>
    t.field({
      type: [DeletedRef],
      args: { ids: t.arg.intList({ required: true }) },
      authScopes: writeScopes,
      resolve: (_root, args, ctx) => deleteRecords(ctx, entity, args.ids),
    }),
  );
  if (entity.sortable) {
    builder.mutationField(`sort${pascal(entity.plural)}`, (t) =>
      t.boolean({
        args: { ids: t.arg.intList({ required: true }) },
        authScopes: writeScopes,
        resolve: (_root, args, ctx) => sortRecords(ctx, entity, args.ids),
      }),
    );
  }
}
