import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// Layers (docs/ARCHITECTURE.md "Layers"). ESLint keeps one option set per rule and file, so each
// server group below lists every restriction that applies to it.
const GRAPHQL_CODE = [
  {
    group: ["graphql", "graphql/*", "@pothos/*", "mercurius", "mercurius/*", "graphql-upload-minimal", "graphql-ws"],
    message: "Services and repositories know no GraphQL: the resolver translates.",
  },
  { regex: "^\\.{1,2}/(\\.\\./)*graphql/|\\.graphql(\\.ts)?$", message: "Services and repositories do not import the GraphQL layer (graphql/, *.graphql.ts)." },
];
const HTTP_CODE = [
  { group: ["fastify", "fastify/*", "@fastify/*"], message: "Services and repositories know no HTTP framework." },
  { regex: "^\\.{1,2}/(\\.\\./)*http/|\\.routes(\\.ts)?$", message: "Services and repositories do not import the HTTP layer (http/, *.routes.ts)." },
];
const REPOSITORIES = [{ regex: "\\.repo(\\.ts)?$|/display-data(\\.ts)?$", message: "Resolvers read through their module's service, not its repository." }];
const UNTYPED_ROWS = [
  {
    regex: "entities\\.repo(\\.ts)?$",
    importNames: ["dynamic"],
    message: "Registry rows are typed from their definition: use entityTables() (modules/entities/entity-tables.ts).",
  },
];
const SERVER_SERVICES = ["apps/server/src/modules/**/*.ts", "apps/server/src/db/**/*.ts", "apps/server/src/errors/**/*.ts"];
const SERVER_RESOLVERS = ["apps/server/src/modules/**/*.graphql.ts", "apps/server/src/graphql/**/*.ts"];
const SERVER_TESTS = ["apps/server/src/**/*.test.ts"];
// Migration tests build the tables of an older schema by name (the entity repository defines the accessor).
const UNTYPED_ROWS_ALLOWED = ["apps/server/src/db/migrations/*.test.ts"];
const FEATURE_BOUNDARY = (depth) => [
  {
    regex: `^(\\.\\./){${depth}}[^./]|(^|/)features/`,
    message: "A web feature does not import another feature: move the shared part to ui/ (or i18n/, entity-admin/).",
  },
];
const restrict = (...patterns) => ["error", { patterns: patterns.flat() }];

export default tseslint.config(
  { ignores: ["**/node_modules/**", "**/dist/**", "data/**", "**/generated/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["apps/web/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
  {
    files: ["apps/server/src/**/*.ts"],
    ignores: [...UNTYPED_ROWS_ALLOWED],
    rules: { "no-restricted-imports": restrict(UNTYPED_ROWS) },
  },
  {
    files: SERVER_SERVICES,
    ignores: ["**/*.graphql.ts", "**/*.routes.ts", ...SERVER_TESTS],
    rules: { "no-restricted-imports": restrict(GRAPHQL_CODE, HTTP_CODE, UNTYPED_ROWS) },
  },
  {
    files: SERVER_RESOLVERS,
    ignores: SERVER_TESTS,
    rules: {
      "no-restricted-imports": restrict(HTTP_CODE.slice(1), UNTYPED_ROWS),
      // Types of rows may be named; reads go through the service.
      "@typescript-eslint/no-restricted-imports": ["error", { patterns: REPOSITORIES.map((pattern) => ({ ...pattern, allowTypeImports: true })) }],
    },
  },
  {
    // REST routes and the HTTP layer read through services too (row types may be named).
    files: ["apps/server/src/modules/**/*.routes.ts", "apps/server/src/http/**/*.ts"],
    ignores: SERVER_TESTS,
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: REPOSITORIES.map((pattern) => ({ ...pattern, allowTypeImports: true })) }] },
  },
  {
    // Shared web parts serve features; they never reach into one.
    files: ["apps/web/src/{api,ui,i18n,entity-admin}/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": restrict([
        { regex: "(^|/)features/", message: "A shared part (api/, ui/, i18n/, entity-admin/) does not import a feature." },
      ]),
    },
  },
  {
    // A web feature does not import another: parts two features share live in ui/, i18n/ or
    // entity-admin/. From features/<name>/ (any depth) a path that climbs to features/ and names a
    // folder there leaves the feature; `../` counts per depth.
    files: ["apps/web/src/features/*/*.{ts,tsx}"],
    rules: { "@typescript-eslint/no-restricted-imports": restrict(FEATURE_BOUNDARY(1)) },
  },
  {
    files: ["apps/web/src/features/*/*/*.{ts,tsx}"],
    rules: { "@typescript-eslint/no-restricted-imports": restrict(FEATURE_BOUNDARY(2)) },
  },
  {
    files: ["apps/web/src/features/*/*/*/*.{ts,tsx}"],
    rules: { "@typescript-eslint/no-restricted-imports": restrict(FEATURE_BOUNDARY(3)) },
  },
  {
    // Architecture (ARCHITECTURE «Packages»): packages never import apps; the web never imports the server.
    files: ["packages/**/*.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: ["**/apps/**", "@caresuite/server", "@caresuite/web"] }] },
  },
  {
    files: ["apps/web/**/*.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", { patterns: ["**/apps/server/**", "@caresuite/server"] }] },
  },
  {
    // One-way layers (docs/ARCHITECTURE.md, docs/decisions/015): the call-system adapter speaks the protocol
    // and gets what events do from the calls module at wiring time; it never imports a module.
    files: ["apps/server/src/callsystem/**"],
    rules: { "no-restricted-imports": ["error", { patterns: ["**/modules/**"] }] },
  },
);
