import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { NoUnusedFragmentsRule, parse, print, specifiedRules, validate, type DocumentNode } from "graphql";
import { extractIntrospectionHeader, loadFromSDL, minifyIntrospection, outputIntrospectionFile } from "gql.tada/internal";
import { describe, expect, it } from "vitest";
import { SCHEMA_PATH, serverSchema } from "./server-schema.testing";

/**
 * Every GraphQL document of the web against the server's schema (apps/server/schema.graphql,
 * docs/decisions/016): a field, argument or type the server does not have fails here. The typed
 * documents live in `*.graphql.ts` files (AppData and the system messages subscription, sent as
 * text, have typed twins there too); the registry's runtime-built documents are validated in
 * entity-admin/entity-documents.test.ts.
 */
const modules = import.meta.glob<Record<string, unknown>>(["./*.graphql.ts", "../**/*.graphql.ts"], { eager: true });
const SRC = fileURLToPath(new URL("..", import.meta.url));
const srcPath = (file: string): string => relative(SRC, fileURLToPath(new URL(file, import.meta.url)));

const isDocument = (value: unknown): value is DocumentNode => typeof value === "object" && value !== null && (value as { kind?: unknown }).kind === "Document";

const documents = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter((entry): entry is [string, DocumentNode] => isDocument(entry[1]))
    .map(([name, document]) => [`${srcPath(file)} ${name}`, document] as const),
);

/** A fragment's own document is checked without the rule that wants it used: operations use it. */
const FRAGMENT_RULES = specifiedRules.filter((rule) => rule !== NoUnusedFragmentsRule);
const isFragmentOnly = (document: DocumentNode): boolean => document.definitions.every((d) => d.kind === "FragmentDefinition");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|\.d\.ts$/.test(entry.name) ? [path] : [];
  });
}

describe("web documents against schema.graphql", () => {
  it("finds the documents (every *.graphql.ts file exports some)", () => {
    expect(Object.keys(modules).length).toBeGreaterThan(10);
    for (const [file, exports] of Object.entries(modules)) expect(Object.values(exports).some(isDocument), file).toBe(true);
    expect(documents.map(([label]) => label)).toEqual(
      expect.arrayContaining(["api/app-data.graphql.ts APP_DATA_DOCUMENT", "app/system-messages.graphql.ts SYSTEM_MESSAGES_DOCUMENT"]),
    );
  });

  it.each(documents)("%s is valid", (_label, document) => {
    // Printed and parsed again: graphql-js then reads its own AST, with locations in the messages.
    const errors = validate(serverSchema(), parse(print(document)), isFragmentOnly(document) ? FRAGMENT_RULES : specifiedRules);
    expect(errors.map((error) => error.message)).toEqual([]);
  });

  it("gives every operation its own name", () => {
    const names = documents.flatMap(([, document]) =>
      document.definitions.flatMap((d) => (d.kind === "OperationDefinition" ? [d.name?.value ?? "(anonymous)"] : [])),
    );
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
  });

  it("has no document outside the files this test reads", () => {
    // graphql() documents belong in *.graphql.ts; a `/* GraphQL */` text is sent without the client
    // and needs a typed twin there; runtime-built registry documents are entity-documents.ts's.
    const TEXT_DOCUMENTS = ["api/app-data.ts", "api/licence-fields.ts", "app/system-messages-subscription.ts"];
    const strays = sourceFiles(SRC).flatMap((path) => {
      const file = relative(SRC, path);
      const text = readFileSync(path, "utf8");
      if (file.endsWith(".graphql.ts") || file === "entity-admin/entity-documents.ts") return [];
      if (/\bgraphql\(|\bgql[`(]/.test(text)) return [`${file}: a document outside a *.graphql.ts file`];
      if (text.includes("/* GraphQL */") && !TEXT_DOCUMENTS.includes(file)) return [`${file}: a GraphQL text without a typed twin`];
      return [];
    });
    expect(strays).toEqual([]);
  });
});

describe("graphql-env.d.ts", () => {
  it("is generated from the current schema.graphql (else: npm run schema:update)", async () => {
    const file = new URL("./graphql-env.d.ts", import.meta.url);
    const committed = readFileSync(file, "utf8");
    const { introspection } = await loadFromSDL({ file: fileURLToPath(SCHEMA_PATH) }).load();
    const expected = outputIntrospectionFile(minifyIntrospection(introspection), {
      fileType: ".d.ts",
      shouldPreprocess: true,
      preamble: extractIntrospectionHeader(committed) ?? undefined,
    });
    expect(committed === expected, "apps/web/src/api/graphql-env.d.ts is stale: run `npm run schema:update`").toBe(true);
  });
});
