import type { Kysely } from "kysely";
import type { Database } from "./schema.ts";

/** Reads one JSON value of the key/value settings table (null when absent). */
export async function readSetting<T>(db: Kysely<Database>, key: string): Promise<T | null> {
  const row = await db.selectFrom("settings").select("value").where("key", "=", key).executeTakeFirst();
  return row ? (JSON.parse(row.value) as T) : null;
}

/** Writes one JSON value, inserting or replacing it. */
export async function writeSetting(db: Kysely<Database>, key: string, value: unknown, now: number): Promise<void> {
  const json = JSON.stringify(value);
  await db
    .insertInto("settings")
    .values({ key, value: json, updated_at: now })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: json, updated_at: now }))
    .execute();
}
