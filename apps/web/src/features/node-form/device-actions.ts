import { canCloseCallManually, hasPermission, type AuthUser } from "@caresuite/domain";
import type { DeviceAction } from "./DeviceActionsMenu";

type ClosableCall = Parameters<typeof canCloseCallManually>[1];

/**
 * Which device actions the node form offers (spec: "device actions (systemtree::
 * trigger_device_actions: EndCalls, IgnoreDefects, Mute, Unmute, Restart)"): none without the
 * permission; EndCalls only while the node has open calls that the user may close (spec §6
 * "Manual call closure: ...").
 */
export function availableDeviceActions(user: AuthUser, openCalls: readonly ClosableCall[]): DeviceAction[] {
  if (!hasPermission(user, "systemtree::trigger_device_actions")) return [];
  const canEnd = openCalls.some((call) => canCloseCallManually(user, call));
  return [...(canEnd ? (["EndCalls"] as const) : []), "IgnoreDefects", "Mute", "Unmute", "Restart"];
}
