import { describe, expect, it } from "vitest";
import {
  applyVideoStreamMessage,
  autoFullscreen,
  displayReloadDue,
  presenceCapacity,
  presenceColumns,
  presenceExpansionActive,
  runCloseCallFlow,
  videoStreamLayout,
  videoStreamPhase,
  visiblePresences,
} from "./display-widgets.ts";

describe('presence column — spec: "one column in portrait, two in landscape, row gap 10 px, fallback capacity 20 tiles"', () => {
  it.each([
    [true, 2],
    [false, 1],
  ])("landscape %s → %i columns", (landscape, columns) => expect(presenceColumns(landscape)).toBe(columns));
  it.each([
    ["5 rows of 60 px with 10 px gaps in 340 px, two columns", 340, 60, 2, 10],
    ["one row always", 20, 60, 1, 1],
    ["unmeasured: fallback 20", null, 60, 2, 20],
    ["no tile yet: fallback 20", 800, null, 1, 20],
  ])("%s", (_name, availableHeight, tileHeight, columns, capacity) => expect(presenceCapacity({ availableHeight, tileHeight, columns })).toBe(capacity));

  it.each([
    ["all fit", 4, 10, false, { shown: 4, hidden: 0 }],
    ["exactly full", 10, 10, false, { shown: 10, hidden: 0 }],
    // spec: "An overflow tile says how many more exist"
    ["one too many: 9 tiles and +2", 11, 10, false, { shown: 9, hidden: 2 }],
    // spec: "clicking expands all"
    ["expanded", 11, 10, true, { shown: 11, hidden: 0 }],
  ])("%s", (_name, count, capacity, expanded, expected) => expect(visiblePresences(count, capacity, expanded)).toEqual(expected));

  it.each([
    [null, 0, false],
    [0, 59_999, true],
    // spec §9: "Presence overflow expansion resets after 60 s."
    [0, 60_000, false],
  ])("expanded at %s, now %i → %s", (at, now, active) => expect(presenceExpansionActive(at, now)).toBe(active));
});

describe('video streams — spec: "videostream (action start adds the url, otherwise removes it)"', () => {
  const url = "https://cam.example/1";
  it("start adds, stop removes, garbage changes nothing", () => {
    const one = applyVideoStreamMessage([], { action: "start", url }, 1000);
    expect(one).toEqual([{ url, addedAt: 1000 }]);
    expect(applyVideoStreamMessage(one, { action: "stop", url }, 2000)).toEqual([]);
    expect(applyVideoStreamMessage(one, { action: "start", url: "javascript:alert(1)" }, 2000)).toEqual(one);
    expect(applyVideoStreamMessage(one, "nonsense", 2000)).toEqual(one);
    expect(applyVideoStreamMessage(one, { action: "start", url }, 5000)).toEqual([{ url, addedAt: 5000 }]);
  });
  it("shows only streams of the systems the board shows", () => {
    expect(applyVideoStreamMessage([], { action: "start", url, system_id: 2 }, 1000, [1])).toEqual([]);
    expect(applyVideoStreamMessage([], { action: "start", url, system_id: 1 }, 1000, [1])).toEqual([{ url, addedAt: 1000 }]);
    // Without a system in the message (older servers), the board shows it.
    expect(applyVideoStreamMessage([], { action: "start", url }, 1000, [1])).toEqual([{ url, addedAt: 1000 }]);
  });
  it.each([
    // spec: "auto-removed after 5 minutes, appear after 1 second"
    [999, "pending"],
    [1000, "open"],
    [299_999, "open"],
    [300_000, "expired"],
  ])("%i ms after start → %s", (age, phase) => expect(videoStreamPhase({ url, addedAt: 0 }, age)).toBe(phase));
  it.each([
    // spec: "Width 1000 px single or 615 px multiple, gap 16 px, min height 600 single or 400 multiple."
    [1, { width: 1000, minHeight: 600, gap: 16 }],
    [2, { width: 615, minHeight: 400, gap: 16 }],
  ])("%i window(s) → %j", (count, layout) => expect(videoStreamLayout(count)).toEqual(layout));
});

describe('reload — spec: "The page reloads every 4 hours when the backend is connected."', () => {
  const h4 = 4 * 3600_000;
  it.each([
    [h4 - 1, true, false],
    [h4, true, true],
    [h4 * 2, false, false],
  ])("after %i ms, connected %s → %s", (elapsed, connected, due) => expect(displayReloadDue(0, elapsed, connected)).toBe(due));
});

describe('auto fullscreen — spec: "if configured and the page is opened within 5 seconds while not logged in"', () => {
  it.each([
    [true, false, 5000, true],
    [true, false, 5001, false],
    [true, true, 100, false],
    [false, false, 100, false],
  ])("configured %s, logged in %s, %i ms after opening → %s", (configured, loggedIn, now, expected) =>
    expect(autoFullscreen({ configured, loggedIn, pageOpenedAt: 0, now })).toBe(expected),
  );
});

describe('close-call flow — spec: "sends device action EndCalls, polls up to 15 times every 500 ms until the call vanishes from open calls, then marks it manually closed"', () => {
  const noSleep = async () => undefined;
  it("closes after the call vanished on the third poll", async () => {
    const calls: string[] = [];
    let polls = 0;
    const result = await runCloseCallFlow({
      sendEndCalls: async () => (calls.push("action"), true),
      isStillOpen: async () => (calls.push("poll"), ++polls < 3),
      markClosed: async () => (calls.push("mark"), true),
      sleep: noSleep,
    });
    expect(result).toEqual({ ok: true });
    expect(calls).toEqual(["action", "poll", "poll", "poll", "mark"]);
  });
  it("gives up after 15 polls and never marks", async () => {
    let polls = 0;
    let marked = false;
    const slept: number[] = [];
    const result = await runCloseCallFlow({
      sendEndCalls: async () => true,
      isStillOpen: async () => (++polls, true),
      markClosed: async () => (marked = true),
      sleep: async (ms) => void slept.push(ms),
    });
    expect(result).toEqual({ ok: false, reason: "still_open" });
    expect(polls).toBe(15);
    expect(slept.every((ms) => ms === 500)).toBe(true);
    expect(marked).toBe(false);
  });
  it("a refused action stops at once", async () => {
    const result = await runCloseCallFlow({
      sendEndCalls: async () => Promise.reject(new Error("x")),
      isStillOpen: async () => false,
      markClosed: async () => true,
      sleep: noSleep,
    });
    expect(result).toEqual({ ok: false, reason: "action_failed" });
  });
});
