import { useState, type ReactNode } from "react";
import { Alert, Button, Checkbox, Group, Modal, Text } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import type { DifferenceSize } from "@caresuite/domain";
import { useTranslation } from "react-i18next";
import * as TESTIDS from "../../testids";
import { ALERT_STYLES } from "./sync-view";

/**
 * The confirmation before an import or a publish; a large difference (domain differenceSize,
 * docs/decisions/030-sync-page.md) is named with its counts and must be acknowledged.
 */
export function ConfirmSyncDialog({
  opened,
  action,
  size,
  onConfirm,
  onCancel,
}: {
  opened: boolean;
  /** Kept while the dialog closes, so that its texts do not change during the transition. */
  action: "import" | "publish";
  size: DifferenceSize;
  onConfirm: () => void;
  onCancel: () => void;
}): ReactNode {
  const { t } = useTranslation();
  const [acknowledged, setAcknowledged] = useState(false);
  const close = (): void => {
    setAcknowledged(false);
    onCancel();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      centered
      closeButtonProps={{ "aria-label": t("common.close") }}
      title={action === "import" ? t("syncPage.confirm.importTitle") : t("syncPage.confirm.publishTitle")}
      data-testid={TESTIDS.sync.confirm}
      data-action={action}
      data-large={size.large}
    >
      <Text size="sm">
        {action === "import" ? t("syncPage.confirm.importText", { count: size.records }) : t("syncPage.confirm.publishText", { count: size.records })}
      </Text>
      {size.large && (
        <Alert
          color="orange"
          variant="light"
          mt="md"
          styles={ALERT_STYLES}
          title={t("syncPage.confirm.largeTitle")}
          icon={<IconAlertTriangle size={20} aria-hidden="true" />}
        >
          <Text size="sm">{t("syncPage.confirm.large", { records: size.records, removals: size.removals })}</Text>
          <Checkbox
            mt="sm"
            checked={acknowledged}
            onChange={(event) => setAcknowledged(event.currentTarget.checked)}
            label={t("syncPage.confirm.largeConfirm")}
            data-testid={TESTIDS.sync.confirmLarge}
          />
        </Alert>
      )}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={close}>
          {t("syncPage.confirm.cancel")}
        </Button>
        <Button
          color={size.large ? "red" : undefined}
          disabled={size.large && !acknowledged}
          onClick={() => {
            setAcknowledged(false);
            onConfirm();
          }}
          data-testid={TESTIDS.sync.confirmSubmit}
        >
          {action === "import" ? t("syncPage.confirm.import") : t("syncPage.confirm.publish")}
        </Button>
      </Group>
    </Modal>
  );
}
