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

/** spec: "error containing 'already present' maps to username error". */
export function initialUserError(messages: readonly string[]): SetupFieldMessage<"username"> | null {
  return messages.some((message) => message.includes("already present")) ? { field: "username", key: "setup.user.errors.alreadyPresent" } : null;
}

/**
 * once the setup is done the server answers CONFLICT with reason `setup_done` (someone
 * else finished it meanwhile); the step then says so and reloads AppData.
 */
export function isSetupDone(error: CombinedError | undefined): boolean {
  return (error?.graphQLErrors ?? []).some((graphQLError) => graphQLError.extensions["reason"] === "setup_done");
}
