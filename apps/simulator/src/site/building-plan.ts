/**
 * The demo hospital's buildings as data: Haus A (Station 1 on "1. OG", Station 2 on "2. OG") and
 * Haus B (Station 3 on "EG", the technical rooms in "UG"), 60 patient rooms.
 *
 * Node ids of the structure and of three demo rooms are fixed: spec §9 "demo nodes 23, 24, 10"
 * are the first beds of Zimmer 101 and 102 (1. OG) and of Zimmer 201 (2. OG). The other rooms
 * take ids from 100 on, in plan order.
 */

export interface StructureNode {
  id: number;
  kind: "building" | "floor" | "group" | "device" | "tech";
  parent_id: number | null;
  name: string;
  number: number | null;
  text_short: string;
  text_long: string;
  section_id?: number;
  call_source_id?: number;
}

export const STRUCTURE: readonly StructureNode[] = [
  { id: 1, kind: "building", parent_id: null, name: "Haus A", number: 1, text_short: "HAUS A", text_long: "Haus A" },
  { id: 2, kind: "floor", parent_id: 1, name: "1. OG", number: 1, text_short: "A 1.OG", text_long: "Haus A 1. OG", section_id: 1 },
  { id: 3, kind: "floor", parent_id: 1, name: "2. OG", number: 2, text_short: "A 2.OG", text_long: "Haus A 2. OG", section_id: 2 },
  { id: 4, kind: "building", parent_id: null, name: "Haus B", number: 2, text_short: "HAUS B", text_long: "Haus B" },
  { id: 5, kind: "floor", parent_id: 4, name: "EG", number: 0, text_short: "B EG", text_long: "Haus B EG", section_id: 3 },
  { id: 6, kind: "floor", parent_id: 4, name: "UG", number: -1, text_short: "B UG", text_long: "Haus B UG", section_id: 4 },
  // Nurses' stations with the corridor displays (wired: no battery).
  { id: 7, kind: "group", parent_id: 2, name: "Stützpunkt 1. OG", number: null, text_short: "STP 1OG", text_long: "Stuetzpunkt 1. OG" },
  { id: 8, kind: "device", parent_id: 7, name: "Flurdisplay 1. OG", number: 1, text_short: "FLUR1OG", text_long: "Flurdisplay 1. OG" },
  { id: 13, kind: "group", parent_id: 3, name: "Stützpunkt 2. OG", number: null, text_short: "STP 2OG", text_long: "Stuetzpunkt 2. OG" },
  { id: 14, kind: "device", parent_id: 13, name: "Flurdisplay 2. OG", number: 1, text_short: "FLUR2OG", text_long: "Flurdisplay 2. OG" },
  { id: 15, kind: "group", parent_id: 5, name: "Stützpunkt EG", number: null, text_short: "STP EG", text_long: "Stuetzpunkt EG" },
  { id: 16, kind: "device", parent_id: 15, name: "Flurdisplay EG", number: 1, text_short: "FLUR EG", text_long: "Flurdisplay EG" },
  // Technical alarms (wired contacts), each with its own call source.
  { id: 17, kind: "tech", parent_id: 6, name: "Heizung", number: 1, text_short: "HEIZUNG", text_long: "Heizung", call_source_id: 901 },
  {
    id: 18,
    kind: "tech",
    parent_id: 1,
    name: "Aufzug Haus A",
    number: null,
    text_short: "AUFZ A",
    text_long: "Aufzug Haus A",
    call_source_id: 902,
    section_id: 4,
  },
  { id: 19, kind: "tech", parent_id: 6, name: "Kühlraum Küche", number: 2, text_short: "KUEHLR", text_long: "Kuehlraum Kueche", call_source_id: 903 },
  { id: 22, kind: "tech", parent_id: 6, name: "Brandmeldezentrale", number: 3, text_short: "BMZ", text_long: "Brandmeldezentrale", call_source_id: 904 },
];

/** Call sources of the technical alarms (rooms get theirs from their number). */
export const TECH_CALL_SOURCES: readonly { id: number; char: string; number: number; text: string }[] = [
  { id: 901, char: "T", number: 1, text: "Heizung" },
  { id: 902, char: "T", number: 2, text: "Aufzug Haus A" },
  { id: 903, char: "T", number: 3, text: "Kuehlraum Kueche" },
  { id: 904, char: "T", number: 4, text: "Brandmeldezentrale" },
];

export interface FloorPlan {
  floorId: number;
  /** Call source char: the building's letter. */
  char: "A" | "B";
  rooms: readonly number[];
}

const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, index) => from + index);

export const FLOORS: readonly FloorPlan[] = [
  { floorId: 2, char: "A", rooms: range(101, 120) },
  { floorId: 3, char: "A", rooms: range(201, 220) },
  { floorId: 5, char: "B", rooms: range(301, 320) },
];

/** Rooms whose ids are fixed: room node, bed devices, bathroom pull cord. */
export const PINNED_ROOMS: ReadonlyMap<number, { room: number; beds: readonly number[]; bath: number }> = new Map([
  [101, { room: 20, beds: [23, 25], bath: 26 }],
  [102, { room: 21, beds: [24, 27], bath: 28 }],
  [201, { room: 9, beds: [10, 11], bath: 12 }],
]);

/** Single rooms; the others have two beds. */
export const SINGLE_ROOMS: ReadonlySet<number> = new Set([105, 110, 115, 120, 205, 210, 215, 220, 305, 310, 315, 320]);

/** Residents with a wander-protection transmitter (kind person) on the dementia station. */
export const RESIDENTS: readonly { room: number; name: string; text_short: string }[] = [
  { room: 305, name: "Frau Huber", text_short: "HUBER" },
  { room: 308, name: "Herr Keller", text_short: "KELLER" },
  { room: 312, name: "Frau Schmid", text_short: "SCHMID" },
];

/** Live values worth showing: low and critical batteries, one never reported, one unreachable. */
export const DEVICE_STATE_OVERRIDES: ReadonlyMap<string, { battery?: number | null; unreachableDays?: number }> = new Map([
  ["Z101 WC", { battery: 18 }],
  ["Z201-B2", { battery: 33 }],
  ["Z107 WC", { battery: 22 }],
  ["Z215-B1", { battery: 38 }],
  ["Z303-B2", { battery: 12 }],
  ["Z318-B1", { battery: null }],
  ["Z214 WC", { battery: 41, unreachableDays: 3 }],
]);
