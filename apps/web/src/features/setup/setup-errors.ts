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

/**
 * spec: "'failed to fetch firmware version' with 'Unauthorized' maps to password
 * connection_unauthorized, else ip connection_error".
 */
export function configuratorConnectionError(
  messages: readonly string[],
): SetupFieldMessage<"ip" | "password"> | null {
  for (const message of messages) {
    if (!message.includes("failed to fetch firmware version")) continue;
    return message.includes("Unauthorized")
      ? { field: "password", key: "setup.configurator.errors.connectionUnauthorized" }
      : { field: "ip", key: "setup.configurator.errors.connectionError" };
  }
  return null;
}

/** spec: "error containing 'already present' maps to username error". */
export function initialUserError(messages: readonly string[]): SetupFieldMessage<"username"> | null {
  return messages.some((message) => message.includes("already present"))
    ? { field: "username", key: "setup.user.errors.alreadyPresent" }
    : null;
}
