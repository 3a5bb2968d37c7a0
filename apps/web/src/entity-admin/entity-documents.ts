import { gql, type TypedDocumentNode } from "@urql/core";
import type { EntityDef, FieldDef } from "@caresuite/domain";

/**
 * GraphQL documents of a registry entity, built at runtime from its definition (the server
 * builds its schema from the same registry, so there is nothing to generate). For entity
 * `callType`: `callTypes(filter)`, `callType(id)`, `createCallType(data)`,
 * `updateCallType(id, data)`, `deleteCallType(ids)` and, if sortable, `sortCallTypes(ids)`.
 */

/** One record as the API returns it: ids, field values, `<secret>_set` flags. */
export interface EntityRecord {
  id: number;
  sort_order?: number;
  [field: string]: unknown;
}

export interface EntityPage {
  total: number;
  items: EntityRecord[];
}

export type SortDirection = "ASC" | "DESC";

export interface ListVariables {
  search?: string | null;
  sort?: string | null;
  offset?: number;
  limit?: number;
}

/** List results are keyed by the entity's plural: read them with `pageOf`. */
export type ListResult = Record<string, EntityPage | null | undefined>;
export type RecordResult = Record<string, EntityRecord | null | undefined>;
export type DeleteResult = Record<string, { id: number; name: string }[] | null | undefined>;
export type SortResult = Record<string, boolean | null | undefined>;

export const pascalCase = (name: string): string => name.charAt(0).toUpperCase() + name.slice(1);

/** The GraphQL type name of the entity's records (for cache invalidation). */
export function typeName(entity: EntityDef): string {
  return pascalCase(entity.name);
}

/** The selectable name of a field: secrets are not readable, their `_set` flag is. */
function selectionOf(name: string, field: FieldDef): string {
  return field.secret ? `${name}_set` : name;
}

/** id, sort_order (sortable entities) and the given fields, without duplicates. */
function selection(entity: EntityDef, names: readonly string[]): string {
  const parts = ["id", ...(entity.sortable ? ["sort_order"] : [])];
  for (const name of names) {
    const field = entity.fields[name];
    if (!field) continue;
    const selected = selectionOf(name, field);
    if (!parts.includes(selected)) parts.push(selected);
  }
  return parts.join(" ");
}

/** Every readable field: what the form shows and what mutations return (so the cache updates). */
export function recordSelection(entity: EntityDef): string {
  return selection(entity, Object.keys(entity.fields));
}

/** The list columns plus the display field (row labels, delete confirmations). */
export function listSelection(entity: EntityDef): string {
  const names = Object.entries(entity.fields)
    .filter(([name, field]) => field.list === true || name === entity.displayField)
    .map(([name]) => name);
  return selection(entity, names);
}

const cache = new Map<string, TypedDocumentNode<unknown, never>>();

function cached<R, V>(key: string, source: () => string): TypedDocumentNode<R, V> {
  let document = cache.get(key);
  if (!document) {
    document = gql(source()) as TypedDocumentNode<unknown, never>;
    cache.set(key, document);
  }
  // One parsed document per key keeps urql's request keys (and its cache) stable.
  return document as unknown as TypedDocumentNode<R, V>;
}

export function listDocumentSource(entity: EntityDef, direction: SortDirection, fields: string, operation = `${typeName(entity)}List`): string {
  // The direction is written into the document: it is one of two enum literals, and the
  // variables then need no server type names.
  return `query ${operation}($search: String, $sort: String, $offset: Int, $limit: Int) {
  ${entity.plural}(filter: { search: $search, sort: $sort, direction: ${direction}, offset: $offset, limit: $limit }) {
    total
    items { ${fields} }
  }
}`;
}

/** The admin list: one page, searched and sorted. */
export function listDocument(entity: EntityDef, direction: SortDirection): TypedDocumentNode<ListResult, ListVariables> {
  return cached(`list:${entity.name}:${direction}`, () => listDocumentSource(entity, direction, listSelection(entity)));
}

/** Picker options of a reference field: id and display field of every record. */
export function optionsDocument(entity: EntityDef): TypedDocumentNode<ListResult, ListVariables> {
  const fields = selection(entity, [entity.displayField]);
  return cached(`options:${entity.name}`, () => listDocumentSource(entity, "ASC", fields, `${typeName(entity)}Options`));
}

export function recordDocument(entity: EntityDef): TypedDocumentNode<RecordResult, { id: number }> {
  return cached(
    `record:${entity.name}`,
    () => `query ${typeName(entity)}($id: Int!) {
  ${entity.name}(id: $id) { ${recordSelection(entity)} }
}`,
  );
}

export function createDocument(entity: EntityDef): TypedDocumentNode<RecordResult, { data: Record<string, unknown> }> {
  const name = typeName(entity);
  return cached(
    `create:${entity.name}`,
    () => `mutation Create${name}($data: ${name}Input!) {
  create${name}(data: $data) { ${recordSelection(entity)} }
}`,
  );
}

export function updateDocument(entity: EntityDef): TypedDocumentNode<RecordResult, { id: number; data: Record<string, unknown> }> {
  const name = typeName(entity);
  return cached(
    `update:${entity.name}`,
    () => `mutation Update${name}($id: Int!, $data: ${name}Input!) {
  update${name}(id: $id, data: $data) { ${recordSelection(entity)} }
}`,
  );
}

export function deleteDocument(entity: EntityDef): TypedDocumentNode<DeleteResult, { ids: number[] }> {
  const name = typeName(entity);
  return cached(
    `delete:${entity.name}`,
    () => `mutation Delete${name}($ids: [Int!]!) {
  delete${name}(ids: $ids) { id name }
}`,
  );
}

/** Only for sortable entities: the order of `ids` is the new order. */
export function sortDocument(entity: EntityDef): TypedDocumentNode<SortResult, { ids: number[] }> {
  const name = `Sort${pascalCase(entity.plural)}`;
  return cached(
    `sort:${entity.name}`,
    () => `mutation ${name}($ids: [Int!]!) {
  sort${pascalCase(entity.plural)}(ids: $ids)
}`,
  );
}

/** Root field names, to read results without knowing the entity at compile time. */
export const rootField = {
  list: (entity: EntityDef): string => entity.plural,
  record: (entity: EntityDef): string => entity.name,
  create: (entity: EntityDef): string => `create${typeName(entity)}`,
  update: (entity: EntityDef): string => `update${typeName(entity)}`,
  delete: (entity: EntityDef): string => `delete${typeName(entity)}`,
  sort: (entity: EntityDef): string => `sort${pascalCase(entity.plural)}`,
};

/**
 * urql's document cache invalidates by the types a mutation returns; deletes return DeletedRef
 * and sorts a Boolean, and an empty list holds no record type at all: so every entity
 * operation names its record type explicitly.
 */
export function cacheContext(entity: EntityDef): { additionalTypenames: string[] } {
  return { additionalTypenames: [typeName(entity)] };
}
