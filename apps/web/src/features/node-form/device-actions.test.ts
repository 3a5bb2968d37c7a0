import { describe, expect, it } from "vitest";
import { ANONYMOUS_USER, type AuthUser } from "@caresuite/domain";
import { availableDeviceActions } from "./device-actions";

const user = (permissions: string[]): AuthUser => ({ ...ANONYMOUS_USER, id: 7, name: "t", permissions, write_permissions: permissions });
const call = (deny: boolean, allow: boolean) => ({ system_tree_node: { deny_manual_call_closure: deny }, section: { allow_manual_call_closure: allow } });

describe("device actions of the node form", () => {
  it("offers nothing without systemtree::trigger_device_actions", () => {
    expect(availableDeviceActions(user(["systemtree::use_module", "calllog::close_calls"]), [call(false, true)])).toEqual([]);
  });

  it.each([
    ["no open call", [], false],
    ["an open call in a section allowing manual closure", [call(false, true)], true],
    ["an open call on a node denying manual closure", [call(true, true)], false],
    ["an open call in a section without manual closure", [call(false, false)], false],
  ] as const)("EndCalls with %s: %s", (_case, calls, offered) => {
    const actions = availableDeviceActions(user(["systemtree::trigger_device_actions"]), calls);
    expect(actions.includes("EndCalls")).toBe(offered);
    expect(actions).toEqual(expect.arrayContaining(["IgnoreDefects", "Mute", "Unmute", "Restart"]));
  });

  it("close_calls overrides the node's deny flag (spec §6)", () => {
    expect(availableDeviceActions(user(["systemtree::trigger_device_actions", "calllog::close_calls"]), [call(true, false)])).toContain("EndCalls");
  });
});
