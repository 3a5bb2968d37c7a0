import { readFileSync } from "node:fs";
import { buildSchema, type GraphQLSchema } from "graphql";

/** For tests only: the committed server schema (apps/server/schema.graphql, docs/decisions/016). */
export const SCHEMA_PATH = new URL("../../../server/schema.graphql", import.meta.url);

let schema: GraphQLSchema | undefined;

/** The schema every web document is validated against. */
export function serverSchema(): GraphQLSchema {
  schema ??= buildSchema(readFileSync(SCHEMA_PATH, "utf8"));
  return schema;
}
