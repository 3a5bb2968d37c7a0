/** What the magnet polling mode shows for a failed hub printer subscription. */
export type MagnetProblem = { kind: "noHubs" } | { kind: "connection" } | { kind: "error"; message: string };

/** The error text the server sends when the system has no hub. */
export const NO_HUBS_MESSAGE = "no hubs registered";

/**
 * spec: 'The error text "no hubs registered" shows a warning that no hubs exist. Any other error
 * shows an error callout with the message. A connection error retries after 5000 ms.'
 */
export function magnetProblem(error: { networkError?: unknown; graphQLErrors: readonly { message: string }[] }): MagnetProblem {
  const messages = error.graphQLErrors.map((e) => e.message);
  if (messages.some((message) => message.toLowerCase().includes(NO_HUBS_MESSAGE))) return { kind: "noHubs" };
  if (messages.length === 0 && error.networkError !== undefined) return { kind: "connection" };
  return { kind: "error", message: messages.join(" ") || String(error.networkError ?? "") };
}
