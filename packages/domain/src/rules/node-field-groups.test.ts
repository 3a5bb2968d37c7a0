import { describe, expect, it } from "vitest";
import { NODE_FIELD_GROUPS, nodeFieldGroups } from "./node-field-groups.ts";

const STRUCTURE = ["identity", "texts", "sectionSource", "behaviour", "display", "flightProfile"];

describe('spec data §3.6 "Node: ... serial, mac, ... day_sound_level, night_sound_level, disable_buzzer_at_night ... device_text_overrides": device settings only on devices', () => {
  it.each([
    ["building", STRUCTURE],
    ["floor", STRUCTURE],
    ["group", STRUCTURE],
    ["room", STRUCTURE],
    ["device", NODE_FIELD_GROUPS],
    ["tech", NODE_FIELD_GROUPS],
    ["person", NODE_FIELD_GROUPS],
    ["radio", NODE_FIELD_GROUPS],
    ["wired", NODE_FIELD_GROUPS],
    ["repeater", NODE_FIELD_GROUPS],
    ["unknown", NODE_FIELD_GROUPS],
  ] as const)("%s shows %j", (kind, groups) => {
    expect(nodeFieldGroups(kind)).toEqual(groups);
  });
});
