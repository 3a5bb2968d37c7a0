/** A pushed message (spec §7 "Push handling by subject"); payload is JSON text. */
export interface SystemMessage {
  subject: string;
  payload: string;
}

/** The bus topic of server-wide pushes; services publish on it without importing the GraphQL layer. */
export const SYSTEM_MESSAGES_TOPIC = "system-messages";
