import { APP_DATA_QUERY } from "./app-data";
import { graphql } from "./graphql";

/**
 * AppData as a typed document: only for its types (app-data.ts imports it with `import type`, so
 * the first chunk stays without a GraphQL parser, docs/decisions/014) and for the web test that
 * validates every document against the schema. What is sent is the string APP_DATA_QUERY.
 */
export const APP_DATA_DOCUMENT = graphql(APP_DATA_QUERY);
