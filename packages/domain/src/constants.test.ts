import { describe, expect, it } from "vitest";
import * as constants from "./constants.ts";

describe("business constants (data spec §9)", () => {
  it.each<[string, keyof typeof constants, unknown]>([
    ["Battery thresholds 40 low", "BATTERY_THRESHOLD_LOW", 40],
    ["25 critical", "BATTERY_THRESHOLD_CRITICAL", 25],
    ["Commit window 15 min (900 s)", "COMMIT_WINDOW_SECONDS", 900],
    ["Clock tick 1 s", "CLOCK_TICK_MS", 1000],
    ["Storage prefix cs.", "STORAGE_PREFIX", "cs."],
    ["Log prefix [CareSuite]", "LOG_PREFIX", "[CareSuite]"],
    ["Backend at same host under /backend", "BACKEND_PATH", "/backend"],
    ["Notification 5000 ms", "NOTIFICATION_DURATION_MS", 5000],
    ["Audit page size 60", "AUDIT_PAGE_SIZE", 60],
    ["collapsed values show 2 items", "AUDIT_COLLAPSED_ITEMS", 2],
    ["tooltip delay 1500 ms", "TOOLTIP_DELAY_MS", 1500],
    ["Close confirm: poll 15 times", "CLOSE_CALL_POLL_ATTEMPTS", 15],
    ["at 500 ms", "CLOSE_CALL_POLL_INTERVAL_MS", 500],
    ["Display reload every 4 h", "DISPLAY_RELOAD_INTERVAL_MS", 14_400_000],
    ["Video stream auto-close 5 min", "VIDEO_STREAM_AUTO_CLOSE_MS", 300_000],
    ["Just-now limit 10 s", "JUST_NOW_LIMIT_MS", 10_000],
    ["Demo poll 8000 ms", "DEMO_POLL_INTERVAL_MS", 8000],
    ["demo call types alert 4, presence 6, emergency 2", "DEMO_CALL_TYPES", { alert: 4, presence: 6, emergency: 2 }],
    ["demo nodes 23, 24, 10", "DEMO_NODE_IDS", [23, 24, 10]],
    ["parent chain depth 10", "PARENT_CHAIN_DEPTH", 10],
    ["Sound upload 1 MB", "SOUND_UPLOAD_MAX_BYTES", 1_048_576],
    ["map image 5 MB", "MAP_IMAGE_MAX_BYTES", 5_242_880],
    ["Short text 7", "SHORT_TEXT_MAX_LENGTH", 7],
    ["long text 19 characters", "LONG_TEXT_MAX_LENGTH", 19],
    ["schedule 255 none", "SCHEDULE_NONE", 255],
    ["20 all day", "SCHEDULE_ALL_DAY", 20],
    ["display group ... 254 all", "DISPLAY_GROUP_ALL", 254],
    ["id -1 means a new record", "NEW_RECORD_ID", -1],
  ])('spec: "%s"', (_quote, name, expected) => {
    expect(constants[name]).toEqual(expected);
  });
});
