import { CombinedError } from "@urql/core";
import { GraphQLError } from "graphql";
import { describe, expect, it } from "vitest";
import { configuratorConnectionError } from "../../ui/connection-errors";
import { initialUserError, isSetupDone, licenceActivationError } from "./setup-errors";

// spec §8 "Setup".
describe("setup error mapping", () => {
  it.each([
    ["activation failed: already activated", "setup.licence.errors.alreadyActivated"],
    ["activation failed: not a version 5 licence", "setup.licence.errors.notVersion5"],
    ["activation failed: licence not found", "setup.licence.errors.notFound"],
    ["activation failed: something new", "setup.licence.errors.failed"],
  ])("licence: %s", (message, key) => {
    expect(licenceActivationError(["other", message])).toEqual({ field: "code", key });
  });

  it("licence: other messages are not activation failures", () => {
    expect(licenceActivationError(["Validation failed"])).toBeNull();
  });

  it("configurator: Unauthorized maps to the password, other fetch failures to the ip", () => {
    expect(configuratorConnectionError(["failed to fetch firmware version: 401 Unauthorized"])).toEqual({
      field: "password",
      key: "setup.configurator.errors.connectionUnauthorized",
    });
    expect(configuratorConnectionError(["failed to fetch firmware version: unreachable"])).toEqual({
      field: "ip",
      key: "setup.configurator.errors.connectionError",
    });
    expect(configuratorConnectionError(["Unauthorized"])).toBeNull();
  });

  it("configurator: the server's failure classes 'not a controller' and 'timeout' have their own text", () => {
    expect(configuratorConnectionError(["failed to fetch firmware version: not a controller"])).toEqual({
      field: "ip",
      key: "setup.configurator.errors.notAController",
    });
    expect(configuratorConnectionError(["failed to fetch firmware version: timeout"])).toEqual({ field: "ip", key: "setup.configurator.errors.timeout" });
    expect(configuratorConnectionError(["failed to fetch firmware version: TLS error"])).toEqual({
      field: "ip",
      key: "setup.configurator.errors.connectionError",
    });
  });

  it("initial user: 'already present' maps to the username", () => {
    expect(initialUserError(["initial user already present"])).toEqual({
      field: "username",
      key: "setup.user.errors.alreadyPresent",
    });
    expect(initialUserError(["Validation failed"])).toBeNull();
  });

  it("recognises the server's 'setup already done' by its reason", () => {
    const done = new CombinedError({
      graphQLErrors: [new GraphQLError("Die Einrichtung ist bereits abgeschlossen.", { extensions: { code: "CONFLICT", reason: "setup_done" } })],
    });
    expect(isSetupDone(done)).toBe(true);
    expect(isSetupDone(new CombinedError({ graphQLErrors: [new GraphQLError("x", { extensions: { code: "CONFLICT" } })] }))).toBe(false);
    expect(isSetupDone(undefined)).toBe(false);
  });
});
