import { print, validate, type DocumentNode } from "graphql";
import { describe, expect, it } from "vitest";
import { ENTITIES, entityByName, type EntityDef } from "@caresuite/domain";
import { serverSchema } from "../api/server-schema.testing";
import {
  createDocument,
  deleteDocument,
  listDocument,
  listSelection,
  optionsDocument,
  recordDocument,
  recordSelection,
  sortDocument,
  updateDocument,
} from "./entity-documents";

/** The server's schema as committed (apps/server/schema.graphql): the registry's documents are built at runtime, so they are checked here. */
const schema = serverSchema();

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
  it.each(ENTITIES.map((entity) => [entity.name, entity] as const))("%s: every document is valid against schema.graphql", (_name, entity) => {
    for (const [label, document] of documentsOf(entity)) {
      expect(validate(schema, document).map((error) => `${label}: ${error.message}`)).toEqual([]);
    }
  });

  it("builds the contract's names for callType", () => {
    const callType = entityByName("callType");
    if (!callType) throw new Error("callType missing from the registry");
    expect(print(listDocument(callType, "DESC"))).toContain(
      "callTypes(\n    filter: {search: $search, sort: $sort, direction: DESC, offset: $offset, limit: $limit}",
    );
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
