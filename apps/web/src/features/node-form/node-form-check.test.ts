import { describe, expect, it } from "vitest";
import { ANONYMOUS_USER } from "@caresuite/domain";
import { checkNodeInput, newNodeAccess, nodeErrorOf } from "./node-form-check";

describe("node form check with the shared schema (spec data §5)", () => {
  it.each([
    ["text_short", "ABCDEFGH", "validation.max_length"],
    ["text_short", "KÜCHE", "validation.contains"],
    ["text_long", "ZIMMER 1234567890 LANG", "validation.max_length"],
  ])("%s %s: %s", (field, value, message) => {
    expect(checkNodeInput({ [field]: value }, "update")[field]?.message).toBe(message);
  });

  it("a create needs kind, parent and name", () => {
    expect(Object.keys(checkNodeInput({}, "create")).sort()).toEqual(["kind", "name", "parent_id"]);
  });

  it("an unchanged update has nothing to check", () => {
    expect(checkNodeInput({}, "update")).toEqual({});
  });

  it("a device text's error lands on its input (nested key, or the whole overrides field)", () => {
    const error = { message: "validation.max_length" };
    expect(nodeErrorOf({ "device_text_overrides.button": error }, "device_text_button")).toBe(error);
    expect(nodeErrorOf({ device_text_overrides: error }, "device_text_checkpoint")).toBe(error);
    expect(nodeErrorOf({ "device_text_overrides.button": error }, "device_text_checkpoint")).toBeUndefined();
  });

  it("a user without tree rights may set nothing on a new node", () => {
    expect(newNodeAccess({ ...ANONYMOUS_USER, id: 3 }, { kind: "room", is_tech: false, radio: false }).editableFields).toEqual([]);
    expect(newNodeAccess({ ...ANONYMOUS_USER, id: 3, is_superuser: true }, { kind: "room", is_tech: false, radio: false }).editableFields).toContain("name");
  });
});
