import type { EntityDef } from "./define.ts";
import { alertChannel } from "./alert-channel.ts";
import { button } from "./button.ts";
import { callSourceGroup } from "./call-source-group.ts";
import { callSource } from "./call-source.ts";
import { callType } from "./call-type.ts";
import { checkpointMap } from "./checkpoint-map.ts";
import { checkpoint } from "./checkpoint.ts";
import { displayGroupConnection } from "./display-group-connection.ts";
import { displayGroup } from "./display-group.ts";
import { displayGroupOverride } from "./display-group-override.ts";
import { displayNote } from "./display-note.ts";
import { flightProfile } from "./flight-profile.ts";
import { hub } from "./hub.ts";
import { indicator } from "./indicator.ts";
import { mergeGroup } from "./merge-group.ts";
import { schedule } from "./schedule.ts";
import { section } from "./section.ts";
import { technicalReport } from "./technical-report.ts";
import { videoStream } from "./video-stream.ts";

/**
 * Every registry entity, in admin navigation order (spec route table: calltypes, schedules,
 * sections, displaygroups, checkpointmaps, mergegroups, callsources, callsourcegroups, indicators,
 * buttons, hubs, videostreams, alert-channels, flightprofiles, displaynotes); a child entity
 * (`parent`) follows its parent. The server and web loop over this list. Not entities: system
 * params, global settings (one settings object), users and roles (custom modules).
 */
const REGISTERED = [
  callType,
  schedule,
  section,
  displayGroup,
  displayGroupConnection,
  checkpointMap,
  checkpoint,
  mergeGroup,
  callSource,
  callSourceGroup,
  indicator,
  button,
  hub,
  videoStream,
  alertChannel,
  flightProfile,
  displayNote,
  technicalReport,
  // Not in the admin area: its list lives at /tree/displaygroupoverrides (area "tree").
  displayGroupOverride,
] as const;

/** The union of the registered definitions, literals kept: rows and tables are typed from it. */
export type RegisteredEntity = (typeof REGISTERED)[number];

export const ENTITIES: readonly EntityDef[] = REGISTERED;

const BY_NAME = new Map(ENTITIES.map((entity) => [entity.name, entity]));

/** Whether the entity has its list in the admin area (/admin/<route>), not in the tree's. */
export function isAdminAreaEntity(entity: EntityDef): boolean {
  return (entity.area ?? "admin") === "admin";
}

/** The entity of a name, or undefined. */
export function entityByName(name: string): EntityDef | undefined {
  return BY_NAME.get(name);
}

/** The entities edited inside `parent`'s form (e.g. checkpoints of a checkpoint map). */
export function childEntities(parent: string): readonly EntityDef[] {
  return ENTITIES.filter((entity) => entity.parent?.entity === parent);
}
