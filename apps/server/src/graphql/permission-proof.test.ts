import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
} from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activateTestLicence } from "../test-support/licences.ts";
import { TestClient } from "../test-support/api.ts";
import { buildSystem, buildUser } from "../test-support/builders.ts";
import { startTestServer, type TestServer } from "../test-support/test-server.ts";
import { buildSchema } from "./schema.ts";

/**
 * ARCHITECTURE «Security rules» / every query and mutation, called as anonymous, as a signed-in user
 * without permissions and as a superuser. Operations open to anonymous visitors are listed here
 * on purpose: adding one is a decision, not an accident.
 */
const PUBLIC = new Set([
  "Query.appState",
  "Query.authUser",
  "Query.license",
  "Query.publicSystemParams",
  "Query.systems",
  "Query.openCalls",
  "Query.displayProfiles",
  "Query.displayRelations",
  "Query.activeDisplayNotes",
]);
/** Open before the first-run setup finishes; this server has finished it (an initial user exists). */
const SETUP_ONLY = new Set(["Mutation.createInitialUser", "Mutation.createInitialConfigurator", "Mutation.activateLicense", "Mutation.finishSetup"]);
/** Closed for everyone once the setup is done: CONFLICT setup_done, not a rights question. */
const SETUP_DONE = new Set(["Mutation.createInitialUser", "Mutation.finishSetup"]);
/**
 * Any signed-in user. Closing calls is decided per call by the manual-closure rule (spec §6:
 * close_calls, or the section allows it and the node does not deny it), inside the service.
 */
const SIGNED_IN = new Set([
  "Query.globalSettings",
  "Query.globalAppSettings",
  "Mutation.userSetPassword",
  "Query.callSystemStatus",
  "Mutation.sendDeviceAction",
  "Mutation.markCallAsManuallyClosedByUser",
]);

function dummyValue(type: GraphQLInputType): unknown {
  if (isNonNullType(type)) return dummyValue(type.ofType);
  if (isListType(type)) return [dummyValue(type.ofType)];
  if (isEnumType(type)) return type.getValues()[0]?.value;
  if (isInputObjectType(type)) {
    return Object.fromEntries(
      Object.values(type.getFields())
        .filter((f) => isNonNullType(f.type))
        .map((f) => [f.name, dummyValue(f.type)]),
    );
  }
  // Ids that exist nowhere: mutations must not change the users this test signs in with.
  if (isScalarType(type)) return type.name === "Int" || type.name === "Float" ? 999_999 : type.name === "Boolean" ? false : "x";
  return null;
}

/** Upload arguments travel as files of a multipart request (a one-byte file is enough here). */
const isUpload = (arg: GraphQLArgument): boolean => getNamedType(arg.type).name === "Upload";

function operation(
  kind: "query" | "mutation",
  field: GraphQLField<unknown, unknown>,
): { query: string; variables: Record<string, unknown>; uploads: string[] } {
  const args = field.args as readonly GraphQLArgument[];
  const definitions = args.map((a) => `$${a.name}: ${String(a.type)}`).join(", ");
  const call = args.length ? `(${args.map((a) => `${a.name}: $${a.name}`).join(", ")})` : "";
  const selection = isObjectType(getNamedType(field.type)) ? " { __typename }" : "";
  return {
    query: `${kind}${definitions ? `(${definitions})` : ""} { ${field.name}${call}${selection} }`,
    variables: Object.fromEntries(args.filter((a) => !isUpload(a)).map((a) => [a.name, dummyValue(a.type)])),
    uploads: args.filter(isUpload).map((a) => a.name),
  };
}

const schema = buildSchema();
const operations = (["query", "mutation"] as const).flatMap((kind) => {
  const root = kind === "query" ? schema.getQueryType() : schema.getMutationType();
  return Object.values(root?.getFields() ?? {}).map((field) => ({ name: `${root?.name}.${field.name}`, ...operation(kind, field) }));
});

describe("permission proof: every operation as anonymous, without permission and as superuser", () => {
  let server: TestServer;
  let nobody: TestClient;
  let superuser: TestClient;

  beforeAll(async () => {
    server = await startTestServer("sqlite");
    await buildSystem(server.db.kysely, 1);
    const plain = await buildUser(server.db.kysely, { username: "plain" });
    const root = await buildUser(server.db.kysely, { username: "root", is_superuser: true });
    nobody = new TestClient(server.app);
    await nobody.login(plain.username, plain.password);
    superuser = new TestClient(server.app);
    await superuser.login(root.username, root.password);
    // A licence with every feature: what the proof is about is the permission, and a licence
    // feature (analytics) is no permission a superuser holds.
    await activateTestLicence(superuser);
  });
  afterAll(() => server.close());

  it.each(operations)("$name", async ({ name, query, variables, uploads }) => {
    const files = Object.fromEntries(uploads.map((u) => [u, { name: "x.bin", type: "application/octet-stream", content: new Uint8Array([120]) }]));
    const call = (client: TestClient) => (uploads.length > 0 ? client.gqlUpload(query, variables, files) : client.gql(query, variables));
    const codeOf = async (client: TestClient) => String((await call(client)).errors?.[0]?.extensions?.["code"] ?? "none");
    const anonymous = await codeOf(new TestClient(server.app));
    const withoutPermission = await codeOf(nobody);
    const allowed = await codeOf(superuser);
    if (SETUP_DONE.has(name)) {
      expect([anonymous, withoutPermission, allowed]).toEqual(["CONFLICT", "CONFLICT", "CONFLICT"]);
      return;
    }
    if (PUBLIC.has(name)) {
      expect(anonymous).not.toMatch(/^MISSING_/);
    } else {
      expect(anonymous).toBe("MISSING_AUTH");
    }
    if (PUBLIC.has(name) || SIGNED_IN.has(name)) {
      expect(withoutPermission).not.toMatch(/^MISSING_/);
    } else {
      expect(withoutPermission).toBe("MISSING_PERMISSION");
    }
    // The superuser passes every guard; what remains are input or lookup errors, never a crash.
    if (!SETUP_ONLY.has(name)) expect(allowed).not.toMatch(/^MISSING_/);
    expect(allowed).not.toBe("INTERNAL");
  });
});
