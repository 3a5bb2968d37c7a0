/**
 * Business constants and limits (data spec §9). Durations carry their unit in the name.
 * Constants owned by one rule live beside it (live socket, update, system context, locale).
 */

/** spec: "Backend at same host under /backend". */
export const BACKEND_PATH = "/backend";
/** spec: "Storage prefix cs." */
export const STORAGE_PREFIX = "cs.";
/** spec: "Log prefix [CareSuite]." */
export const LOG_PREFIX = "[CareSuite]";
/** spec: "the last commit time is epoch zero" means never committed. */
export const EPOCH_ZERO = "1970-01-01T00:00:00.000Z";

/** spec: "Battery thresholds 40 low, 25 critical." */
export const BATTERY_THRESHOLD_LOW = 40;
export const BATTERY_THRESHOLD_CRITICAL = 25;
/** spec: "Commit window 15 min (900 s)." */
export const COMMIT_WINDOW_SECONDS = 900;
/** spec: "Clock tick 1 s." */
export const CLOCK_TICK_MS = 1000;

/** spec: "Formats: ... week starts Monday, ... numbers de-CH." Day index the week starts on (0 = Sunday, 1 = Monday). */
export const WEEK_STARTS_ON = 1;
export const NUMBER_LOCALE = "de-CH";
/** spec: "File sizes B, KB, MB, GB, TB in steps of 1024." */
export const FILE_SIZE_UNITS = ["B", "KB", "MB", "GB", "TB"] as const;
export const FILE_SIZE_STEP = 1024;

/** spec: "Sound upload 1 MB; map image 5 MB." */
export const SOUND_UPLOAD_MAX_BYTES = 1024 * 1024;
export const MAP_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** spec: "Short text 7, long text 19 characters." */
export const SHORT_TEXT_MAX_LENGTH = 7;
export const LONG_TEXT_MAX_LENGTH = 19;
/** spec: "5 display groups per schedule." (The 2 to 5 steps are the schedule entity's time_1..time_5.) */
export const DISPLAY_GROUPS_PER_SCHEDULE = 5;

/** spec: "Sentinel ids: schedule 255 none, 20 all day; display group 255 none, 254 all, 253 section." */
export const SCHEDULE_NONE = 255;
export const SCHEDULE_ALL_DAY = 20;
export const DISPLAY_GROUP_NONE = 255;
export const DISPLAY_GROUP_ALL = 254;
export const DISPLAY_GROUP_SECTION = 253;
/** spec: "Forms: id -1 means a new record." */
export const NEW_RECORD_ID = -1;
/** spec: "then call type sort_order (default 999)". */
export const DEFAULT_SORT_ORDER = 999;

/** spec: "Notification 5000 ms." */
export const NOTIFICATION_DURATION_MS = 5000;
/** spec: "tooltip delay 1500 ms." */
export const TOOLTIP_DELAY_MS = 1500;
/** spec: "Sync pulse full at 40 min". */
export const SYNC_PULSE_FULL_MINUTES = 40;
/** spec: "progress bar visible at least 3000 ms". */
export const SYNC_PROGRESS_MIN_VISIBLE_MS = 3000;

/** spec: "Close confirm: poll 15 times at 500 ms." */
export const CLOSE_CALL_POLL_ATTEMPTS = 15;
export const CLOSE_CALL_POLL_INTERVAL_MS = 500;
/** spec: "Display reload every 4 h." */
export const DISPLAY_RELOAD_INTERVAL_MS = 4 * 60 * 60_000;
/** spec: "Video stream auto-close 5 min, appears after 1 s." */
export const VIDEO_STREAM_AUTO_CLOSE_MS = 5 * 60_000;
export const VIDEO_STREAM_APPEAR_DELAY_MS = 1000;
/** spec: "Presence overflow expansion resets after 60 s." */
export const PRESENCE_OVERFLOW_RESET_MS = 60_000;
/** spec: "Just-now limit 10 s." */
export const JUST_NOW_LIMIT_MS = 10_000;
/** spec: "Fullscreen notification 8000 ms." */
export const FULLSCREEN_NOTIFICATION_MS = 8000;
/** spec: "Fullscreen starts automatically if ... opened within 5 seconds while not logged in." */
export const FULLSCREEN_AUTOSTART_WINDOW_MS = 5000;

/** spec: "Demo poll 8000 ms". */
export const DEMO_POLL_INTERVAL_MS = 8000;
/** spec: "demo call types alert 4, presence 6, emergency 2". */
export const DEMO_CALL_TYPES = Object.freeze({ alert: 4, presence: 6, emergency: 2 });
/** spec: "demo nodes 23, 24, 10". */
export const DEMO_NODE_IDS: readonly number[] = Object.freeze([23, 24, 10]);
/** spec: "parent chain depth 10". */
export const PARENT_CHAIN_DEPTH = 10;
/** spec: "Reachability shown for 14 days". */
export const REACHABILITY_HISTORY_DAYS = 14;

/** spec: "Audit page size 60 (more data while last page has at least 60); collapsed values show 2
 * items; auto-load at 25% visibility." */
export const AUDIT_PAGE_SIZE = 60;
export const AUDIT_COLLAPSED_ITEMS = 2;
export const AUDIT_AUTOLOAD_VISIBILITY = 0.25;
