import { describe, expect, it } from "vitest";
import {
  demoButtonLights,
  demoRoomMode,
  demoRoomStates,
  pressDemoButton,
  type DemoButton,
  type DemoRoomMode,
  type DemoRoomState,
  type DemoTrigger,
} from "./demo-buttons.ts";

// spec §9: "demo call types alert 4, presence 6, emergency 2".
const ALERT_ON: DemoTrigger = { call_type_id: 4, close: false };
const ALERT_OFF: DemoTrigger = { call_type_id: 4, close: true };
const PRESENCE_ON: DemoTrigger = { call_type_id: 6, close: false };
const PRESENCE_OFF: DemoTrigger = { call_type_id: 6, close: true };
const EMERGENCY_ON: DemoTrigger = { call_type_id: 2, close: false };
const EMERGENCY_OFF: DemoTrigger = { call_type_id: 2, close: true };

describe("pressDemoButton", () => {
  it.each<[string, DemoRoomMode, DemoButton, DemoRoomMode, DemoTrigger[]]>([
    // spec: "alert and presence toggle independently"
    ["alert toggles on", "off", "alert", "alert", [ALERT_ON]],
    ["alert toggles off", "alert", "alert", "off", [ALERT_OFF]],
    ["presence toggles on", "off", "presence", "presence", [PRESENCE_ON]],
    ["presence toggles off", "presence", "presence", "off", [PRESENCE_OFF]],
    // spec: "pressing alert while presence is on turns both into emergency (presence closed, emergency sent)"
    ["alert while presence is on", "presence", "alert", "emergency", [PRESENCE_OFF, EMERGENCY_ON]],
    // presence toggles on beside the alert: both on, which is the emergency
    ["presence while alert is on", "alert", "presence", "emergency", [ALERT_OFF, EMERGENCY_ON]],
    // spec: "pressing either while both on cancels emergency and clears both"
    ["alert while both on", "emergency", "alert", "off", [EMERGENCY_OFF]],
    ["presence while both on", "emergency", "presence", "off", [EMERGENCY_OFF]],
    // the emergency control itself
    ["emergency from nothing", "off", "emergency", "emergency", [EMERGENCY_ON]],
    ["emergency over an alert", "alert", "emergency", "emergency", [ALERT_OFF, EMERGENCY_ON]],
    ["emergency over presence", "presence", "emergency", "emergency", [PRESENCE_OFF, EMERGENCY_ON]],
    ["emergency while both on", "emergency", "emergency", "off", [EMERGENCY_OFF]],
  ])("%s: %s + %s → %s", (_label, mode, button, next, triggers) => {
    expect(pressDemoButton(mode, button)).toEqual({ next, triggers });
  });

  it("switches a room off with one press of any lit button", () => {
    for (const mode of ["alert", "presence", "emergency"] as const) {
      const lit = (Object.entries(demoButtonLights(mode)) as [DemoButton, boolean][]).filter(([, on]) => on).map(([button]) => button);
      expect(lit.length).toBeGreaterThan(0);
      for (const button of lit) expect(pressDemoButton(mode, button).next, `${mode} + ${button}`).toBe("off");
    }
  });
});

describe("demoRoomMode", () => {
  const device = 23;
  it.each<[string, { number: number; call_type_id: number }[], DemoRoomMode]>([
    ["no calls", [], "off"],
    ["an alert", [{ number: 23, call_type_id: 4 }], "alert"],
    ["a presence", [{ number: 23, call_type_id: 6 }], "presence"],
    ["an emergency", [{ number: 23, call_type_id: 2 }], "emergency"],
    [
      "alert and presence both on",
      [
        { number: 23, call_type_id: 4 },
        { number: 23, call_type_id: 6 },
      ],
      "emergency",
    ],
    [
      "another device's calls",
      [
        { number: 24, call_type_id: 2 },
        { number: 10, call_type_id: 4 },
      ],
      "off",
    ],
    ["a call type the buttons do not send", [{ number: 23, call_type_id: 3 }], "off"],
  ])("%s → %s", (_label, calls, expected) => {
    expect(demoRoomMode(calls, device)).toBe(expected);
  });
});

describe("demoButtonLights", () => {
  it.each<[DemoRoomMode, Record<DemoButton, boolean>]>([
    ["off", { alert: false, presence: false, emergency: false }],
    ["alert", { alert: true, presence: false, emergency: false }],
    ["presence", { alert: false, presence: true, emergency: false }],
    // "both on" is the emergency
    ["emergency", { alert: true, presence: true, emergency: true }],
  ])("%s → %j", (mode, lights) => {
    expect(demoButtonLights(mode)).toEqual(lights);
  });
});

// "Demo room state: a room shows every state it is in (call and presence together,
// emergency), from the live call list."
describe("demoRoomStates", () => {
  const call = (number: number, call_type_id: number) => ({ number, call_type_id });
  it.each<[string, { number: number; call_type_id: number }[], DemoRoomState[]]>([
    ["nothing open", [], []],
    ["an alert", [call(23, 4)], ["alert"]],
    ["call and presence together", [call(23, 6), call(23, 4)], ["alert", "presence"]],
    ["an emergency with presence", [call(23, 6), call(23, 2)], ["emergency", "presence"]],
    ["a call of another type beside presence", [call(23, 6), call(23, 5)], ["call", "presence"]],
    ["the same type twice counts once", [call(23, 4), call(23, 4)], ["alert"]],
    ["another room's calls are not this room's", [call(24, 2), call(23, 6)], ["presence"]],
  ])("%s", (_label, calls, expected) => {
    expect(demoRoomStates(calls, 23)).toEqual(expected);
  });
});
