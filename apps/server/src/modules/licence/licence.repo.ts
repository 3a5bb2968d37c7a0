import { DEMO_LICENCE, UNLICENSED, type Licence } from "@caresuite/domain";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { readAppState } from "../appdata/app-state.repo.ts";

/**
 * The active licence; without one, the demo licence in demo mode (every module: the demo shows
 * the whole product), else the unlicensed default (id 0, systems limit 1).
 */
export async function activeLicence(db: Kysely<Database>): Promise<Licence> {
  const row = await db.selectFrom("licences").select(["payload"]).where("is_active", "=", 1).orderBy("activated_at", "desc").executeTakeFirst();
  if (!row) return (await readAppState(db)).features.demo_mode ? DEMO_LICENCE : UNLICENSED;
  const payload = JSON.parse(row.payload) as { licence_id: number; name: string } & Pick<Licence, "features" | "limits">;
  return { id: payload.licence_id, name: payload.name, features: payload.features, limits: payload.limits };
}
