import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { readAppState } from "../appdata/app-state.repo.ts";

/** The first-run setup is open until its initial user has been created (setup time set). */
export async function isSetupOpen(db: Kysely<Database>): Promise<boolean> {
  return (await readAppState(db)).setup_time === null;
}
