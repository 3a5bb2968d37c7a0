import { openDatabase } from "../../apps/server/src/db/database.ts";
import { buildUser } from "../../apps/server/src/test-support/builders.ts";

/**
 * Adds a user straight into a running server's SQLite file (WAL allows it). Used until the user
 * administration API exists (registry issue); afterwards seed through the API instead.
 */
export async function seedUser(
  dataDir: string,
  user: Parameters<typeof buildUser>[1],
): Promise<{ id: number; username: string; password: string }> {
  const db = openDatabase({ dataDir });
  try {
    return await buildUser(db.kysely, user);
  } finally {
    await db.close();
  }
}
