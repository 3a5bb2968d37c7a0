/** Enumerations of spec data §3.1 used by entity fields. */
export const URGENCIES = ["NORMAL", "URGENT", "EMERGENCY"] as const;
export const CALL_TYPE_FLAGS = ["None", "Presence", "Defect"] as const;
export const LED_COLOURS = ["inactive", "red", "green", "blue", "white", "yellow", "cyan", "magenta"] as const;
/** spec: "indication_type (5 options, not listed)": our five, from steady to fast blinking. */
export const INDICATION_TYPES = ["steady", "blink_slow", "blink_fast", "flash", "off"] as const;
/** spec: "call source group: ... flag (None, Radio, Repeater, Tech, Wired)", the device connection types plus None. */
export const CALL_SOURCE_GROUP_FLAGS = ["None", "Radio", "Repeater", "Tech", "Wired"] as const;
/**
 * spec: "Button types: inactive, impulse, come-and-go, open-close". Values are snake_case because
 * enum values become GraphQL enum names (no hyphens); labels keep the spec's wording.
 */
export const BUTTON_TYPES = ["inactive", "impulse", "come_and_go", "open_close"] as const;
/**
 * spec: "Button functions (12): inactive, presence, end call, presence plus end call, tech, regroup,
 * escape, localized call, acknowledge displayed call, hide displayed call, activity monitoring,
 * take presence automatically after a timeout."
 */
export const BUTTON_FUNCTIONS = [
  "inactive",
  "presence",
  "end_call",
  "presence_end_call",
  "tech",
  "regroup",
  "escape",
  "localized_call",
  "acknowledge_displayed_call",
  "hide_displayed_call",
  "activity_monitoring",
  "presence_after_timeout",
] as const;
/** spec: "Hub or device status: Busy, Offline, Processing, Ready, Unauthorized, Unknown." */
export const HUB_STATUSES = ["Busy", "Offline", "Processing", "Ready", "Unauthorized", "Unknown"] as const;
/** spec: "Alert channel category: care, tech; class: alert, critical, info." */
export const ALERT_CHANNEL_CATEGORIES = ["care", "tech"] as const;
export const ALERT_CHANNEL_CLASSES = ["alert", "critical", "info"] as const;
/** spec: "Post-it colours: blue, green, red, yellow." */
export const POST_IT_COLOURS = ["blue", "green", "red", "yellow"] as const;
