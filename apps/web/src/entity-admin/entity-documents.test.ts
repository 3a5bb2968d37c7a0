import { buildSchema, print, validate, type DocumentNode } from "graphql";
import { describe, expect, it } from "vitest";
import { ENTITIES, entityByName, type EntityDef, type FieldDef } from "@caresuite/domain";
import {
  createDocument,
  deleteDocument,
  listDocument,
  listSelection,
  optionsDocument,
  pascalCase,
  recordDocument,
  recordSelection,
  sortDocument,
  updateDocument,
} from "./entity-documents";

/**
 * The server contract (same shape for every registry entity), written out as SDL so the
 * documents can be validated without a server: list/record queries, create/update/delete and
 * sort mutations; enum and time fields are strings, refs ints, secrets readable only as `_set`.
 */
function outputType(field: FieldDef): string {
  if (field.kind === "int" || field.kind === "ref") return "Int";
  if (field.kind === "bool") return "Boolean!";
  if (field.kind === "refs") return "[Int!]!";
  return "String";
}

function inputType(field: FieldDef): string {
  if (field.kind === "int" || field.kind === "ref") return "Int";
  if (field.kind === "bool") return "Boolean";
  if (field.kind === "refs") return "[Int!]";
  return "String";
}

function contractSdl(entities: readonly EntityDef[]): string {
  const types: string[] = [
    "enum SortDirection { ASC DESC }",
    "input ListFilter { search: String sort: String direction: SortDirection offset: Int limit: Int }",
    "type DeletedRef { id: Int! name: String! }",
  ];
  const queries: string[] = [];
  const mutations: string[] = [];
  for (const entity of entities) {
    const name = pascalCase(entity.name);
    const out = ["id: Int!", ...(entity.sortable ? ["sort_order: Int!"] : [])];
    const input = entity.sortable ? ["sort_order: Int"] : [];
    for (const [field, def] of Object.entries(entity.fields)) {
      out.push(def.secret ? `${field}_set: Boolean!` : `${field}: ${outputType(def)}`);
      input.push(`${field}: ${inputType(def)}`);
    }
    types.push(`type ${name} { ${out.join(" ")} }`, `type ${name}Page { total: Int! items: [${name}!]! }`, `input ${name}Input { ${input.join(" ")} }`);
    queries.push(`${entity.plural}(filter: ListFilter): ${name}Page!`, `${entity.name}(id: Int!): ${name}`);
    mutations.push(
      `create${name}(data: ${name}Input!): ${name}!`,
      `update${name}(id: Int!, data: ${name}Input!): ${name}!`,
      `delete${name}(ids: [Int!]!): [DeletedRef!]!`,
    );
    if (entity.sortable) mutations.push(`sort${pascalCase(entity.plural)}(ids: [Int!]!): Boolean`);
  }
  return [...types, `type Query { ${queries.join(" ")} }`, `type Mutation { ${mutations.join(" ")} }`].join("\n");
}

const schema = buildSchema(contractSdl(ENTITIES));

function documentsOf(entity: EntityDef): [string, DocumentNode][] {
  const documents: [string, DocumentNode][] = [
    ["list ASC", listDocument(entity, "ASC")],
    ["list DESC", listDocument(entity, "DESC")],
    ["options", optionsDocument(entity)],
    ["record", recordDocument(entity)],
    ["create", createDocument(entity)],
    ["update", updateDocument(entity)],
    ["delete", deleteDocument(entity)],
  ];
  if (entity.sortable) documents.push(["sort", sortDocument(entity)]);
  return documents;
}

describe("entity documents", () => {
  it.each(ENTITIES.map((entity) => [entity.name, entity] as const))("%s: every document is valid against the contract", (_name, entity) => {
    for (const [label, document] of documentsOf(entity)) {
      expect(validate(schema, document).map((error) => `${label}: ${error.message}`)).toEqual([]);
    }
  });

  it("builds the contract's names for callType", () => {
    const callType = entityByName("callType");
    if (!callType) throw new Error("callType missing from the registry");
    expect(print(listDocument(callType, "DESC"))).toContain("callTypes(\n    filter: {search: $search, sort: $sort, direction: DESC, offset: $offset, limit: $limit}");
    expect(print(recordDocument(callType))).toContain("callType(id: $id)");
    expect(print(createDocument(callType))).toContain("createCallType(data: $data)");
    expect(print(updateDocument(callType))).toContain("updateCallType(id: $id, data: $data)");
    expect(print(deleteDocument(callType))).toContain("deleteCallType(ids: $ids)");
    expect(print(sortDocument(callType))).toContain("sortCallTypes(ids: $ids)");
  });

  it("returns one parsed document per entity and kind (stable urql request keys)", () => {
    const callType = entityByName("callType");
    if (!callType) throw new Error("callType missing from the registry");
    expect(listDocument(callType, "ASC")).toBe(listDocument(callType, "ASC"));
    expect(listDocument(callType, "ASC")).not.toBe(listDocument(callType, "DESC"));
  });

  it("selects list columns plus the display field, and sort_order only for sortable entities", () => {
    const callType = entityByName("callType");
    const schedule = entityByName("schedule");
    if (!callType || !schedule) throw new Error("registry entities missing");
    expect(listSelection(callType).split(" ")).toEqual(["id", "sort_order", "name", "char", "color", "urgency", "flag"]);
    expect(listSelection(schedule).split(" ")).not.toContain("sort_order");
  });

  it("never selects a secret, only whether one is stored", () => {
    const secretive = ENTITIES.filter((entity) => Object.values(entity.fields).some((field) => field.secret));
    expect(secretive.length).toBeGreaterThan(0);
    for (const entity of secretive) {
      const selected = recordSelection(entity).split(" ");
      for (const [name, field] of Object.entries(entity.fields)) {
        if (!field.secret) continue;
        expect(selected).not.toContain(name);
        expect(selected).toContain(`${name}_set`);
      }
    }
  });
});
