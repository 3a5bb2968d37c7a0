import type { CombinedError } from "@urql/core";

/**
 * spec §8 "Setup" maps server error texts to field messages. These take the raw GraphQL error
 * messages and return the field and i18n key to show, or null when the rule does not apply.
 */
export interface SetupFieldMessage<F extends string> {
  field: F;
  key: string;
}

const ACTIVATION_PREFIX = "activation failed: ";
const ACTIVATION_REASONS: Record<string, string> = {
  "already activated": "setup.licence.errors.alreadyActivated",
  "not a version 5 licence": "setup.licence.errors.notVersion5",
  "licence not found": "setup.licence.errors.notFound",
};

/** spec: "licence messages starting 'activation failed: ' map to per-reason messages". */
export function licenceActivationError(messages: readonly string[]): SetupFieldMessage<"code"> | null {
  for (const message of messages) {
    if (!message.startsWith(ACTIVATION_PREFIX)) continue;
    const reason = message.slice(ACTIVATION_PREFIX.length).trim();
    return { field: "code", key: ACTIVATION_REASONS[reason] ?? "setup.licence.errors.failed" };
  }
  return null;
}

/** The server's failure classes after "failed to fetch firmware version: " that have their own text. */
const CONNECTION_CLASS_KEYS: Record<string, string> = {
  "not a controller": "setup.configurator.errors.notAController",
  timeout: "setup.configurator.errors.timeout",
};

/**
 * spec: "'failed to fetch firmware version' with 'Unauthorized' maps to password
 * connection_unauthorized, else ip connection_error". The server names the failure class only
 * (issue 9); "not a controller" and "timeout" get their own text on the ip.
 */
export function configuratorConnectionError(
  messages: readonly string[],
): SetupFieldMessage<"ip" | "password"> | null {
  for (const message of messages) {
    if (!message.includes("failed to fetch firmware version")) continue;
    if (message.includes("Unauthorized")) return { field: "password", key: "setup.configurator.errors.connectionUnauthorized" };
    const failure = message.slice(message.indexOf("failed to fetch firmware version") + "failed to fetch firmware version".length).replace(/^:\s*/, "").trim();
    return { field: "ip", key: CONNECTION_CLASS_KEYS[failure] ?? "setup.configurator.errors.connectionError" };
  }
  return null;
}

/** spec: "error containing 'already present' maps to username error". */
export function initialUserError(messages: readonly string[]): SetupFieldMessage<"username"> | null {
  return messages.some((message) => message.includes("already present"))
    ? { field: "username", key: "setup.user.errors.alreadyPresent" }
    : null;
}

/**
 * Issue 9: once the setup is done the server answers CONFLICT with reason `setup_done` (someone
 * else finished it meanwhile); the step then says so and reloads AppData.
 */
export function isSetupDone(error: CombinedError | undefined): boolean {
  return (error?.graphQLErrors ?? []).some((graphQLError) => graphQLError.extensions["reason"] === "setup_done");
}
