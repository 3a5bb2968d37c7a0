import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";

/** spec screens "Demo screen": "A left panel lists floors 1. OG and 2. OG with per-room controls". */
export const DEMO_FLOOR_NAMES: readonly string[] = ["1. OG", "2. OG"];

export interface DemoRoom {
  id: number;
  name: string;
  text_long: string;
  /** The room's first bed: the device the demo buttons press (spec "demo nodes 23, 24, 10" are such beds). */
  device_id: number;
}

export interface DemoFloor {
  id: number;
  name: string;
  section_id: number | null;
  rooms: DemoRoom[];
}

/**
 * The demo floors with their rooms, in the call system's order, from the imported system tree.
 * Rooms without a device are left out: nothing could be pressed there.
 */
export async function loadDemoFloors(db: Kysely<Database>, systemId: number): Promise<DemoFloor[]> {
  const floors = await db
    .selectFrom("system_tree_nodes")
    .select(["id", "name", "section_id"])
    .where("system_id", "=", systemId)
    .where("kind", "=", "floor")
    .where("name", "in", [...DEMO_FLOOR_NAMES])
    .orderBy("sort_order")
    .orderBy("id")
    .execute();
  if (floors.length === 0) return [];
  const rooms = await db
    .selectFrom("system_tree_nodes")
    .select(["id", "parent_id", "name", "text_long"])
    .where("system_id", "=", systemId)
    .where("kind", "=", "room")
    .where(
      "parent_id",
      "in",
      floors.map((floor) => floor.id),
    )
    .orderBy("sort_order")
    .orderBy("id")
    .execute();
  const devices =
    rooms.length === 0
      ? []
      : await db
          .selectFrom("system_tree_nodes")
          .select(["id", "parent_id"])
          .where("system_id", "=", systemId)
          .where("kind", "=", "device")
          .where(
            "parent_id",
            "in",
            rooms.map((room) => room.id),
          )
          .orderBy("sort_order")
          .orderBy("id")
          .execute();
  const firstDevice = new Map<number, number>();
  for (const device of devices) {
    if (device.parent_id !== null && !firstDevice.has(device.parent_id)) firstDevice.set(device.parent_id, device.id);
  }
  return floors.map((floor) => ({
    id: floor.id,
    name: floor.name,
    section_id: floor.section_id,
    rooms: rooms.flatMap((room) => {
      const deviceId = firstDevice.get(room.id);
      return room.parent_id === floor.id && deviceId !== undefined ? [{ id: room.id, name: room.name, text_long: room.text_long, device_id: deviceId }] : [];
    }),
  }));
}
