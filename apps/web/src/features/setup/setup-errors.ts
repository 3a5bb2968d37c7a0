import type { CombinedError } from "@urql/core";

/**
 * spec §8 "Setup" maps server error texts to field messages. These take the raw GraphQL error
 * messages and return the field and i18n key to show, or null when the rule does not apply.
 */
export interface SetupFieldMessage<F extends string> {
  field: F;
  key: string;
}

// The licence rule is shared with /admin/license (ui/licence-activation-errors.ts).
export { licenceActivationError } from "../../ui/licence-activation-errors";

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
