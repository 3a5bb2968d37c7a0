import { graphql } from "../api/graphql";
import { SYSTEM_MESSAGES_SUBSCRIPTION } from "./system-messages-subscription";

/** The system messages subscription as a typed document: for its types and the schema test only; the string is what is sent. */
export const SYSTEM_MESSAGES_DOCUMENT = graphql(SYSTEM_MESSAGES_SUBSCRIPTION);
