/**
 * The connection check's failure as a field message: setup step 3 and the configurator form
 * (admin system params) check the same connection and say the same (i18n keys under
 * setup.configurator.errors).
 */

/** The server's failure classes after "failed to fetch firmware version: " that have their own text. */
const CONNECTION_CLASS_KEYS: Record<string, string> = {
  "not a controller": "setup.configurator.errors.notAController",
  timeout: "setup.configurator.errors.timeout",
};

/**
 * spec: "'failed to fetch firmware version' with 'Unauthorized' maps to password
 * connection_unauthorized, else ip connection_error". The server names the failure class only
 *; "not a controller" and "timeout" get their own text on the ip.
 */
export function configuratorConnectionError(messages: readonly string[]): { field: "ip" | "password"; key: string } | null {
  for (const message of messages) {
    if (!message.includes("failed to fetch firmware version")) continue;
    if (message.includes("Unauthorized")) return { field: "password", key: "setup.configurator.errors.connectionUnauthorized" };
    const failure = message
      .slice(message.indexOf("failed to fetch firmware version") + "failed to fetch firmware version".length)
      .replace(/^:\s*/, "")
      .trim();
    return { field: "ip", key: CONNECTION_CLASS_KEYS[failure] ?? "setup.configurator.errors.connectionError" };
  }
  return null;
}
