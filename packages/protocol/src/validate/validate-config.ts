import type { EntityDef } from "@caresuite/domain";
import {
  ENTITY_COLLECTIONS,
  type CallTypeRecord,
  type ControllerConfig,
  type EntityCollection,
  type EntityRecord,
  type HubRecord,
  type PublishBody,
  type TreeNode,
} from "../config.ts";
import { PublishError } from "./publish-error.ts";
import { checkUniqueness, validateCollection } from "./validate-records.ts";
import { checkTreeDuplicates, checkTreeShape, validateNodes } from "./validate-tree.ts";

/** A validated configuration without its revision (the controller assigns that on apply). */
export type ConfigContent = Omit<ControllerConfig, "revision">;

const COLLECTIONS = Object.keys(ENTITY_COLLECTIONS) as EntityCollection[];
const COLLECTION_OF_ENTITY = new Map<string, EntityCollection>(COLLECTIONS.map((collection) => [ENTITY_COLLECTIONS[collection].name, collection]));

type Ids = Map<string, Set<number>>;

function checkRef(ids: Ids, where: string, field: string, entityName: string, value: unknown, sentinels: readonly number[] = []): void {
  if (value === null || value === undefined || (typeof value === "number" && sentinels.includes(value))) return;
  const collection = COLLECTION_OF_ENTITY.get(entityName);
  if (typeof value === "number" && collection && ids.get(collection)?.has(value)) return;
  // spec wording: a dangling call source is its own catalogue entry.
  const code = entityName === "callSource" ? "missing call source" : "missing relation";
  throw new PublishError(code, `${where}: ${field} ${String(value)} does not exist`);
}

/** Every ref field of every record (derived from the entity definitions) names an existing record. */
function checkRelations(content: ConfigContent, ids: Ids): void {
  for (const collection of COLLECTIONS) {
    const entity: EntityDef = ENTITY_COLLECTIONS[collection];
    for (const record of content[collection] as EntityRecord[]) {
      for (const [name, field] of Object.entries(entity.fields)) {
        const where = `${collection} ${record.id}`;
        if (field.kind === "ref")
          checkRef(
            ids,
            where,
            name,
            field.entity,
            record[name],
            field.sentinels?.map((s) => s.id),
          );
        if (field.kind === "refs" && Array.isArray(record[name])) {
          for (const value of record[name] as unknown[]) checkRef(ids, where, name, field.entity, value);
        }
      }
    }
  }
  for (const node of content.system_tree) {
    const where = `system_tree ${node.id}`;
    checkRef(ids, where, "section_id", "section", node.section_id);
    checkRef(ids, where, "call_source_id", "callSource", node.call_source_id);
    checkRef(ids, where, "default_call_type_id", "callType", node.default_call_type_id);
  }
}

/**
 * Battery, reachability and hub status are reported by the hardware, not configured: a publish
 * keeps what the controller knows. "a device can be swapped and the element keeps its
 * configuration. Hardware is found by MAC, serial number or name" (ARCHITECTURE «Product rules»): a node keeps
 * the live state of the hardware with its serial, else of the node with its id.
 */
export function keepLiveState(content: ConfigContent, previous: ControllerConfig | null, nowIso: string): void {
  const bySerial = new Map<string, TreeNode>();
  const byId = new Map<number, TreeNode>();
  for (const node of previous?.system_tree ?? []) {
    if (node.serial) bySerial.set(node.serial, node);
    byId.set(node.id, node);
  }
  content.system_tree = content.system_tree.map((node) => {
    const known = (node.serial ? bySerial.get(node.serial) : undefined) ?? byId.get(node.id);
    if (!known || known.serial !== node.serial) return node;
    return { ...node, battery: known.battery, reachable: known.reachable, last_reachable_at: known.last_reachable_at };
  });
  const hubs = new Map((previous?.hubs ?? []).map((hub) => [hub.id, hub]));
  content.hubs = content.hubs.map((hub) => {
    const known = hubs.get(hub.id);
    return { ...hub, status: known?.status ?? "Ready", last_sync: nowIso };
  });
}

/**
 * Validates a publish body and returns the configuration the controller would run, or throws a
 * PublishError with the spec's wording. Order: records, uniqueness, tree shape, relations, duplicates.
 */
export function validateConfig(body: PublishBody, previous: ControllerConfig | null, nowIso: string): ConfigContent {
  const ids: Ids = new Map();
  const collections = Object.fromEntries(
    COLLECTIONS.map((collection) => {
      const records = validateCollection(collection, body[collection]);
      checkUniqueness(collection, records);
      ids.set(collection, new Set(records.map((record) => record.id)));
      return [collection, records];
    }),
  ) as Record<EntityCollection, EntityRecord[]>;
  const content: ConfigContent = {
    system_tree: validateNodes(body.system_tree),
    ...collections,
    // The domain schemas checked urgency and flag; the records now have these shapes.
    call_types: collections.call_types as CallTypeRecord[],
    hubs: collections.hubs.map((hub) => ({ ...hub, status: "Unknown", last_sync: null }) as HubRecord),
  };
  checkTreeShape(content.system_tree);
  checkRelations(content, ids);
  checkTreeDuplicates(content.system_tree);
  keepLiveState(content, previous, nowIso);
  return content;
}
