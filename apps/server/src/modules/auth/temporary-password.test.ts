import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  type GraphQLField,
  type GraphQLInputType,
} from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSchema } from "../../graphql/schema.ts";
import { TestClient } from "../../test-support/api.ts";
import { buildSystem, buildUser } from "../../test-support/builders.ts";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import { SYSTEM_HEADER } from "@caresuite/domain";

/**
 * "a user with a temporary password can call nothing but set-password and logout" — and
 * what the set-password screen loads (AppData: authUser, globalSettings, globalAppSettings; the
 * public parts are anyone's anyway). Adding an operation here is a decision (decision 008).
 */
const ALLOWED_WHILE_TEMPORARY = new Set(["Query.authUser", "Query.globalSettings", "Query.globalAppSettings", "Mutation.userSetPassword"]);
/** After the setup, everyone hears "setup already done" here (decision 010), whoever asks. */
const SETUP_DONE = new Set(["Mutation.createInitialUser", "Mutation.finishSetup"]);

const schema = buildSchema();

function declaredScopes(field: GraphQLField<unknown, unknown>): unknown {
  const options = field.extensions?.["pothosOptions"] as { authScopes?: unknown } | undefined;
  return options?.authScopes;
}
const isDeclared = (field: GraphQLField<unknown, unknown>, scope: string): boolean => {
  const scopes = declaredScopes(field);
  return typeof scopes === "object" && scopes !== null && (scopes as Record<string, unknown>)[scope] === true;
};

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
  // Ids that exist nowhere, strings that are no password: nothing this test signs in with changes.
  if (isScalarType(type)) return type.name === "Int" || type.name === "Float" ? 999_999 : type.name === "Boolean" ? false : "x";
  return null;
}

const operations = (["query", "mutation"] as const).flatMap((kind) => {
  const root = kind === "query" ? schema.getQueryType() : schema.getMutationType();
  return (
    Object.values(root?.getFields() ?? {})
      // Uploads travel as multipart requests; their guards are the same scopes (permission-proof.test.ts).
      .filter((field) => !field.args.some((a) => getNamedType(a.type).name === "Upload"))
      .map((field) => {
        const definitions = field.args.map((a) => `$${a.name}: ${String(a.type)}`).join(", ");
        const call = field.args.length ? `(${field.args.map((a) => `${a.name}: $${a.name}`).join(", ")})` : "";
        const selection = isObjectType(getNamedType(field.type)) ? " { __typename }" : "";
        return {
          name: `${root?.name}.${field.name}`,
          open: isDeclared(field, "public") || ALLOWED_WHILE_TEMPORARY.has(`${root?.name}.${field.name}`),
          query: `${kind}${definitions ? `(${definitions})` : ""} { ${field.name}${call}${selection} }`,
          variables: Object.fromEntries(field.args.map((a) => [a.name, dummyValue(a.type)])),
        };
      })
  );
});

describe("a temporary password holds the session at set-password", () => {
  let server: TestServer;
  let temporary: TestClient;

  beforeAll(async () => {
    server = await startTestServer("sqlite");
    await buildSystem(server.db.kysely, 1);
    // A superuser: every refusal below comes from the temporary password, not from missing rights.
    const user = await buildUser(server.db.kysely, { is_superuser: true, password_is_temporary: true });
    temporary = new TestClient(server.app);
    await temporary.login(user.username, user.password);
  });
  afterAll(() => server.close());

  it("admits only the listed operations with the signedIn scope", () => {
    const signedIn = (["Query", "Mutation", "Subscription"] as const).flatMap((root) => {
      const type = root === "Query" ? schema.getQueryType() : root === "Mutation" ? schema.getMutationType() : schema.getSubscriptionType();
      return Object.values(type?.getFields() ?? {})
        .filter((f) => isDeclared(f, "signedIn"))
        .map((f) => `${root}.${f.name}`);
    });
    expect(signedIn.sort()).toEqual([...ALLOWED_WHILE_TEMPORARY].filter((n) => n !== "Query.authUser").sort());
  });

  it.each(operations)("$name", async ({ name, open, query, variables }) => {
    const error = (await temporary.gql(query, variables)).errors?.[0];
    if (SETUP_DONE.has(name)) {
      expect(error?.extensions).toMatchObject({ code: "CONFLICT", reason: "setup_done" });
    } else if (open) {
      expect(String(error?.extensions?.["code"] ?? "none")).not.toMatch(/^MISSING_/);
    } else {
      expect(error?.extensions).toMatchObject({ code: "MISSING_PERMISSION", reason: "password_change_required" });
    }
  });

  it("keeps the session: AppData loads, and after set-password everything opens", async () => {
    const appData = await temporary.gql<{ authUser: { password_is_temporary: boolean }; globalSettings: { locale: string } }>(
      "{ authUser { password_is_temporary } globalSettings { locale } globalAppSettings { subscriptions_enabled } }",
    );
    expect(appData.errors).toBeUndefined();
    expect(appData.data?.authUser.password_is_temporary).toBe(true);
    const set = await temporary.gql('mutation { userSetPassword(password: "a new secret 9", password_repeat: "a new secret 9") { id } }');
    expect(set.errors).toBeUndefined();
    const users = await temporary.gql("{ users { __typename } }");
    expect(users.errors).toBeUndefined();
  });
});

describe("the checkpoint map image (REST) while the password is temporary", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer("sqlite");
    await buildSystem(server.db.kysely, 1);
  });
  afterAll(() => server.close());

  it("is refused with 403 password_change_required", async () => {
    const user = await buildUser(server.db.kysely, { is_superuser: true, password_is_temporary: true });
    const client = new TestClient(server.app);
    await client.login(user.username, user.password);
    const response = await server.app.inject({ method: "GET", url: "/backend/files/maps/1", headers: { cookie: client.cookie, [SYSTEM_HEADER]: "01" } });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ ok: false, error: "password_change_required" });
  });
});
