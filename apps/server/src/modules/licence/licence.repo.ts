import { UNLICENSED, type Licence } from "@caresuite/domain";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";

/** The active licence, or the unlicensed default (id 0, systems limit 1). */
export async function activeLicence(db: Kysely<Database>): Promise<Licence> {
  const row = await db
    .selectFrom("licences")
    .select(["payload"])
    .where("is_active", "=", 1)
    .orderBy("activated_at", "desc")
    .executeTakeFirst();
  if (!row) return UNLICENSED;
  const payload = JSON.parse(row.payload) as { licence_id: number; name: string } & Pick<Licence, "features" | "limits">;
  return { id: payload.licence_id, name: payload.name, features: payload.features, limits: payload.limits };
}
