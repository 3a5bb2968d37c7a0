/** A field and the i18n key of its message (the setup's SetupFieldMessage). */
export interface LicenceFieldMessage {
  field: "code";
  key: string;
}

const ACTIVATION_PREFIX = "activation failed: ";
const ACTIVATION_REASONS: Record<string, string> = {
  "already activated": "setup.licence.errors.alreadyActivated",
  "not a version 5 licence": "setup.licence.errors.notVersion5",
  "licence not found": "setup.licence.errors.notFound",
};

/** spec: "licence messages starting 'activation failed: ' map to per-reason messages". */
export function licenceActivationError(messages: readonly string[]): LicenceFieldMessage | null {
  for (const message of messages) {
    if (!message.startsWith(ACTIVATION_PREFIX)) continue;
    const reason = message.slice(ACTIVATION_PREFIX.length).trim();
    return { field: "code", key: ACTIVATION_REASONS[reason] ?? "setup.licence.errors.failed" };
  }
  return null;
}
