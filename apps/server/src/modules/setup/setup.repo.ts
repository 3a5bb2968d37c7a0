import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { readAppState } from "../appdata/app-state.repo.ts";

/**
 * The first-run setup is open until its initial user has been created (setup time set). A
 * database that has users is never open, whatever the setup time says: the anonymous setup
 * mutations must not reopen an installation.
 */
export async function isSetupOpen(db: Kysely<Database>): Promise<boolean> {
  if ((await readAppState(db)).setup_time !== null) return false;
  const user = await db.selectFrom("users").select("id").limit(1).executeTakeFirst();
  return user === undefined;
}
