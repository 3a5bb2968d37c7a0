import { readFileSync } from "node:fs";
import { encodeActivationCode } from "../modules/licence/licence-code.ts";

const DEV_KEY = readFileSync(new URL("../../../../scripts/DEVELOPMENT-ONLY-licence-private-key.pem", import.meta.url), "utf8");

/** An activation code signed with the development key (the one the server ships with). */
export function buildActivationCode(overrides: Record<string, unknown> = {}): string {
  return encodeActivationCode(
    {
      licence_id: 42,
      customer: "123456",
      name: "Pflegeheim Sonnenhof",
      version: 5,
      features: { analytics: true, log: true, management: true },
      limits: { devices: 500, visuals: 10, app_clients: 20, systems: 2 },
      issued_at: "2026-11-01T00:00:00.000Z",
      ...overrides,
    },
    DEV_KEY,
  );
}

/** Activates the development-key licence through GraphQL as `client` (an administrator); a refusal fails the test. */
export async function activateTestLicence(client: { gql(query: string, variables?: Record<string, unknown>): Promise<{ errors?: unknown }> }): Promise<void> {
  const answer = await client.gql("mutation($c: String!, $code: String!) { activateLicense(customer: $c, code: $code) { id } }", {
    c: "123456",
    code: buildActivationCode(),
  });
  if (answer.errors) throw new Error(`licence not activated: ${JSON.stringify(answer.errors)}`);
}
