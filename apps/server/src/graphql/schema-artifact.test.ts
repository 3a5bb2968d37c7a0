import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { lexicographicSortSchema, printSchema } from "graphql";
import { describe, expect, it } from "vitest";
import { buildSchema } from "./schema.ts";

/**
 * The schema as a checked-in file (docs/decisions/016-schema-artifact-and-typed-documents.md):
 * the web takes its document types from it and validates every document against it. Any change of
 * the API shows up as a diff of apps/server/schema.graphql; `npm run schema:update` rewrites it.
 */
const SCHEMA_FILE = new URL("../../schema.graphql", import.meta.url);

const printed = `${printSchema(lexicographicSortSchema(buildSchema()))}\n`;

describe("schema.graphql", () => {
  it("is the schema the server builds", () => {
    if (process.env["UPDATE_SCHEMA"] === "1") writeFileSync(SCHEMA_FILE, printed);
    const committed = existsSync(SCHEMA_FILE) ? readFileSync(SCHEMA_FILE, "utf8") : "";
    // toBe on the whole text: the diff names the lines that changed. Fix: npm run schema:update.
    expect(committed, "apps/server/schema.graphql is stale: run `npm run schema:update`").toBe(printed);
  });
});
