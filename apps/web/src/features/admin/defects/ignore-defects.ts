import type { CombinedError } from "urql";

/** What the page says after IgnoreDefects: i18n keys under `defects.` and their values. */
export type IgnoreOutcome =
  | { type: "success"; title: "sentTitle"; text: "sentDevice" | "sentAll"; values: Record<string, unknown> }
  | { type: "error"; title: "refusedTitle"; text: "refused" | "notConnected" | "failed"; values: Record<string, unknown> };

/**
 * The answer of ignoreDefects as a notice: accepted (for a device, by name, or for the whole
 * system with the number of nodes it went to), refused by the call system, not connected
 * (CONFLICT not_connected), or not sent at all.
 */
export function ignoreOutcome(
  answer: { data?: { ignoreDefects: { success: boolean; sent_to: number } } | null; error?: CombinedError },
  device: { name: string } | null,
): IgnoreOutcome {
  const result = answer.data?.ignoreDefects;
  if (result?.success) {
    return device
      ? { type: "success", title: "sentTitle", text: "sentDevice", values: { name: device.name } }
      : { type: "success", title: "sentTitle", text: "sentAll", values: { count: result.sent_to } };
  }
  if (result) return { type: "error", title: "refusedTitle", text: "refused", values: {} };
  const extensions = answer.error?.graphQLErrors[0]?.extensions;
  if (extensions?.["code"] === "CONFLICT" && extensions["reason"] === "not_connected")
    return { type: "error", title: "refusedTitle", text: "notConnected", values: {} };
  return { type: "error", title: "refusedTitle", text: "failed", values: {} };
}
