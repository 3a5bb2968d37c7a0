import type { ReactNode } from "react";
import { Button, Group, Modal, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import * as TESTIDS from "../../testids";

/** spec "Reset demo": "asks confirmation before resetting". */
export function ResetDemoDialog({ opened, onConfirm, onCancel }: { opened: boolean; onConfirm: () => void; onCancel: () => void }): ReactNode {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onCancel} title={t("demo.reset.title")} centered data-testid={TESTIDS.demo.resetDialog}>
      <Text size="sm">{t("demo.reset.text")}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel} data-testid={TESTIDS.demo.resetCancel}>
          {t("demo.reset.cancel")}
        </Button>
        <Button color="red" onClick={onConfirm} data-testid={TESTIDS.demo.resetConfirm}>
          {t("demo.reset.confirm")}
        </Button>
      </Group>
    </Modal>
  );
}
