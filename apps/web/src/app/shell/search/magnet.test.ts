import { describe, expect, it } from "vitest";
import { magnetProblem, type MagnetProblem } from "./magnet";

describe("magnetProblem", () => {
  it.each<[string, Parameters<typeof magnetProblem>[0], MagnetProblem]>([
    ['"no hubs registered": the warning', { graphQLErrors: [{ message: "no hubs registered" }] }, { kind: "noHubs" }],
    ["a connection error: retry", { networkError: new Error("socket closed"), graphQLErrors: [] }, { kind: "connection" }],
    ["any other error: its message", { graphQLErrors: [{ message: "Hub 3 refused" }] }, { kind: "error", message: "Hub 3 refused" }],
  ])("%s", (_, error, expected) => {
    expect(magnetProblem(error)).toEqual(expected);
  });
});
