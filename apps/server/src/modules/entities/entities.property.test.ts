import fc from "fast-check";
import { ENTITIES, type EntityDef, type FieldDef } from "@caresuite/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClient } from "../../test-support/api.ts";
import { buildSystem, buildUser } from "../../test-support/builders.ts";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";

/**
 * Bad input: every registry mutation fed generated input — right and wrong types,
 * missing fields, oversized strings, ids of other systems — answers with data or a per-field
 * VALIDATION error (or NOT_FOUND/CONFLICT), never INTERNAL, and a refused write stores nothing.
 */
const pascal = (name: string): string => name.charAt(0).toUpperCase() + name.slice(1);

/** Values a field might receive: valid-looking ones and hostile ones, all JSON-typed right for GraphQL. */
function arbitraryFor(field: FieldDef): fc.Arbitrary<unknown> {
  const hostileText = fc.oneof(
    fc.string({ maxLength: 30 }),
    fc.constant("x".repeat(5000)),
    fc.constant("'; drop table users; --"),
    fc.constant("<script>alert(1)</script>"),
    fc.constant("Ünïcödé €"),
  );
  switch (field.kind) {
    case "int":
    case "ref":
      return fc.oneof(fc.integer({ min: -5, max: 300 }), fc.constant(2_147_483_647), fc.constant(-2_147_483_648));
    case "bool":
      return fc.boolean();
    case "refs":
      return fc.array(fc.integer({ min: -1, max: 50 }), { maxLength: 4 });
    case "enum":
      return fc.oneof(fc.constantFrom(...field.values), hostileText);
    case "time":
      return fc.oneof(fc.constantFrom("00:00", "07:30", "23:59", "24:00", "7:5", "ab:cd", ""), hostileText);
    default:
      return fc.oneof(hostileText, fc.constantFrom("#FF0000", "10.0.0.1", "https://example.org", "0x6A", "2026-01-31", "a@b.ch"));
  }
}

function arbitraryInput(entity: EntityDef): fc.Arbitrary<Record<string, unknown>> {
  const fields = Object.fromEntries(
    Object.entries(entity.fields)
      .filter(([, f]) => f.form !== false || entity.parent?.field !== undefined)
      .map(([name, f]) => [name, arbitraryFor(f)]),
  );
  return fc.record(fields, { requiredKeys: [] });
}

describe("registry mutations with generated input", () => {
  let server: TestServer;
  let admin: TestClient;
  beforeAll(async () => {
    server = await startTestServer("sqlite");
    await buildSystem(server.db.kysely, 1);
    await buildSystem(server.db.kysely, 2);
    const root = await buildUser(server.db.kysely, { is_superuser: true });
    admin = new TestClient(server.app);
    await admin.login(root.username, root.password);
  });
  afterAll(() => server.close());

  it.each(ENTITIES.map((e) => [e.name, e] as const))("%s: never INTERNAL, nothing stored when refused", async (_name, entity) => {
    const Name = pascal(entity.name);
    const create = `mutation($data: ${Name}Input!) { create${Name}(data: $data) { id } }`;
    const count = `query { ${entity.plural}(filter: { limit: 1 }) { total } }`;
    await fc.assert(
      fc.asyncProperty(arbitraryInput(entity), fc.constantFrom("01", "02"), async (data, system) => {
        admin.system = system;
        const before = (await admin.gql<Record<string, { total: number }>>(count)).data?.[entity.plural]?.total ?? 0;
        const result = await admin.gql(create, { data });
        const code = result.errors?.[0]?.extensions?.["code"];
        expect(code).not.toBe("INTERNAL");
        const after = (await admin.gql<Record<string, { total: number }>>(count)).data?.[entity.plural]?.total ?? 0;
        expect(after).toBe(result.errors ? before : before + 1);
        if (code === "VALIDATION" && result.errors?.[0]?.extensions?.["fields"]) {
          const fields = result.errors[0].extensions["fields"] as Record<string, { message: string }[]>;
          for (const messages of Object.values(fields)) expect(messages[0]?.message).toMatch(/^validation\./);
        }
      }),
      { numRuns: 25, seed: 4242 },
    );
    admin.system = "01";
  });
});
