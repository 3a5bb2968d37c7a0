import { initGraphQLTada } from "gql.tada";
import type { introspection } from "./graphql-env";

/**
 * Every GraphQL document of the screens is written with this tag: gql.tada reads the server's schema
 * (apps/server/schema.graphql, turned into types in graphql-env.d.ts by `npm run schema:update`)
 * and derives each document's result and variables types, so a field the server lacks is a type
 * error (docs/decisions/016-schema-artifact-and-typed-documents.md).
 *
 * Fragments are not masked: they share a selection between documents, and the fields they select
 * read as plain fields of the result.
 */
export const graphql = initGraphQLTada<{
  introspection: introspection;
  disableMasking: true;
  scalars: { Upload: File };
}>();

export type { FragmentOf, ResultOf, VariablesOf } from "gql.tada";
