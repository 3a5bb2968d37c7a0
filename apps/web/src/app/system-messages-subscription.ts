import type { ResultOf } from "../api/graphql";
import type { SYSTEM_MESSAGES_DOCUMENT } from "./system-messages.graphql";

/**
 * Sent as text straight on the socket, not through the GraphQL client: system messages reach every
 * page, the sign-in page included, which loads without the client (docs/decisions/014).
 */
export const SYSTEM_MESSAGES_SUBSCRIPTION = /* GraphQL */ `
  subscription SystemMessages {
    systemMessages {
      subject
      payload
    }
  }
` as const;

/** The answer's type from the schema (a type-only import: no parser in the first chunk). */
export type SystemMessagesResult = ResultOf<typeof SYSTEM_MESSAGES_DOCUMENT>;
