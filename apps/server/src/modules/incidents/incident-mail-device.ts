import type { Locale } from "@caresuite/domain";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { entityTables } from "../entities/entity-tables.ts";
import { CHECKPOINT_NODE } from "./incident-engine.ts";
import { checkpointLabel } from "./incident-notification-messages.ts";

/**
 * How an incident mail names what is wrong: a device by its path in the system tree (root first),
 * a checkpoint by its number and text. Users' and reports' mails say it the same way.
 */
export async function incidentDeviceText(
  db: Kysely<Database>,
  locale: Locale,
  systemId: number,
  incident: { node_id: number; source_id: number },
): Promise<string> {
  if (incident.node_id === CHECKPOINT_NODE)
    return checkpointLabel(locale, incident.source_id, (await checkpointText(db, systemId, incident.source_id)) ?? null);
  return devicePath(db, systemId, incident.node_id);
}

async function checkpointText(db: Kysely<Database>, systemId: number, number: number): Promise<string | null | undefined> {
  return (await entityTables(db).selectFrom("checkpoints").select("text").where("system_id", "=", systemId).where("number", "=", number).executeTakeFirst())
    ?.text;
}

/** The device's path in the system tree, root first (at most the spec's parent depth of 10). */
async function devicePath(db: Kysely<Database>, systemId: number, nodeId: number): Promise<string> {
  const names: string[] = [];
  let id: number | null = nodeId;
  for (let depth = 0; id !== null && depth <= 10; depth++) {
    const node: { name: string; text_long: string; parent_id: number | null } | undefined = await db
      .selectFrom("system_tree_nodes")
      .select(["name", "text_long", "parent_id"])
      .where("system_id", "=", systemId)
      .where("id", "=", id)
      .executeTakeFirst();
    if (!node) break;
    names.unshift(node.text_long || node.name);
    id = node.parent_id;
  }
  return names.length > 0 ? names.join(" / ") : `#${nodeId}`;
}
