import { useId, useState, type ReactNode } from "react";
import { Button, Code, Group, Modal, Stack, Text } from "@mantine/core";
import { IconChevronDown, IconChevronUp } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { withoutCredentials, type SyncErrorQueue } from "@caresuite/domain";
import * as TESTIDS from "../../testids";
import type { GetsHttpError } from "./sync-popups.graphql";

const KNOWN_ACTIONS = new Set(["publish", "import", "publish_status"]);
const KNOWN_CHECKS = new Set(["unreachable", "timeout", "unauthorized", "tls", "not_a_controller", "refused"]);

interface SyncErrorPopupProps {
  queue: SyncErrorQueue<GetsHttpError>;
  /** Ignore: closes the popup. */
  onIgnore: () => void;
  /** The primary action: closes the popup and goes to /sync. */
  onGoToSync: () => void;
}

/**
 * spec "The sync-error popup opens on a pushed error (not on display, not for user id 0). Error
 * details are hidden until asked. It closes on ignore, or on the primary action, which goes to sync."
 */
export function SyncErrorPopup({ queue, onIgnore, onGoToSync }: SyncErrorPopupProps): ReactNode {
  const { t } = useTranslation();
  const [showDetails, setShowDetails] = useState(false);
  return (
    <Modal
      opened
      onClose={onIgnore}
      title={t("syncPopups.error.title")}
      centered
      zIndex={310}
      closeButtonProps={{ "aria-label": t("common.close") }}
      data-testid={TESTIDS.syncPopups.error}
    >
      <SyncErrorBody
        queue={queue}
        showDetails={showDetails}
        onToggleDetails={() => setShowDetails((shown) => !shown)}
        onIgnore={onIgnore}
        onGoToSync={onGoToSync}
      />
    </Modal>
  );
}

interface SyncErrorBodyProps extends SyncErrorPopupProps {
  showDetails: boolean;
  onToggleDetails: () => void;
}

/** The popup's content (apart from the modal, so that it renders in a unit test). */
export function SyncErrorBody({ queue, showDetails, onToggleDetails, onIgnore, onGoToSync }: SyncErrorBodyProps): ReactNode {
  const { t } = useTranslation();
  const detailsId = useId();
  const error = queue.latest;
  const { url, payload } = withoutCredentials({ url: error.url, payload: error.payload });
  const what = t(`syncPopups.error.action.${KNOWN_ACTIONS.has(error.action) ? error.action : "other"}`);
  const why = error.checks && KNOWN_CHECKS.has(error.checks) ? t(`syncPopups.error.checks.${error.checks}`) : null;
  const none = t("syncPopups.error.none");
  const fields: [string, string][] = [
    ["action", error.action],
    ["url", url],
    ["checks", error.checks ?? none],
    ["message", error.message],
    ["payload", payload ?? none],
  ];

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          {what}
        </Text>
        {why && <Text size="sm">{why}</Text>}
        {queue.count > 1 && (
          <Text size="sm" c="dimmed">
            {t("syncPopups.error.count", { count: queue.count })}
          </Text>
        )}
      </Stack>
      <div>
        <Button
          variant="subtle"
          size="compact-sm"
          px={0}
          onClick={onToggleDetails}
          aria-expanded={showDetails}
          aria-controls={showDetails ? detailsId : undefined}
          rightSection={showDetails ? <IconChevronUp size={14} aria-hidden="true" /> : <IconChevronDown size={14} aria-hidden="true" />}
          data-testid={TESTIDS.syncPopups.errorToggle}
        >
          {showDetails ? t("syncPopups.error.hideDetails") : t("syncPopups.error.showDetails")}
        </Button>
        {/* Not rendered while hidden: "details are hidden until asked". */}
        {showDetails && (
          <dl id={detailsId} data-testid={TESTIDS.syncPopups.errorDetails} style={{ margin: "var(--mantine-spacing-xs) 0 0", display: "grid", gap: 6 }}>
            {fields.map(([field, value]) => (
              <div key={field}>
                <Text component="dt" size="xs" fw={600} c="dark.6">
                  {t(`syncPopups.error.fields.${field}`)}
                </Text>
                <Text component="dd" size="sm" m={0} style={{ overflowWrap: "anywhere" }}>
                  {field === "payload" || field === "url" ? <Code>{value}</Code> : value}
                </Text>
              </div>
            ))}
          </dl>
        )}
      </div>
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onIgnore} data-testid={TESTIDS.syncPopups.errorIgnore}>
          {t("syncPopups.error.ignore")}
        </Button>
        <Button onClick={onGoToSync} data-autofocus data-testid={TESTIDS.syncPopups.errorToSync}>
          {t("syncPopups.toSync")}
        </Button>
      </Group>
    </Stack>
  );
}
