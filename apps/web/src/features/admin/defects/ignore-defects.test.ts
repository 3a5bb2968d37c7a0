import { describe, expect, it } from "vitest";
import { CombinedError } from "urql";
import { GraphQLError } from "graphql";
import { ignoreOutcome } from "./ignore-defects";

const failure = (extensions: Record<string, unknown>) => new CombinedError({ graphQLErrors: [new GraphQLError("x", { extensions })] });

describe("what the defects page says after IgnoreDefects", () => {
  it.each([
    [
      "accepted for a device",
      { data: { ignoreDefects: { success: true, sent_to: 1 } } },
      { name: "Heizung" },
      { type: "success", text: "sentDevice", values: { name: "Heizung" } },
    ],
    ["accepted for the system", { data: { ignoreDefects: { success: true, sent_to: 2 } } }, null, { type: "success", text: "sentAll", values: { count: 2 } }],
    ["refused by the call system", { data: { ignoreDefects: { success: false, sent_to: 1 } } }, null, { type: "error", text: "refused" }],
    ["call system not connected", { error: failure({ code: "CONFLICT", reason: "not_connected" }) }, null, { type: "error", text: "notConnected" }],
    ["anything else", { error: failure({ code: "NOT_FOUND" }) }, { name: "x" }, { type: "error", text: "failed" }],
  ] as const)("%s", (_case, answer, device, expected) => {
    expect(ignoreOutcome(answer, device)).toMatchObject(expected);
  });
});
