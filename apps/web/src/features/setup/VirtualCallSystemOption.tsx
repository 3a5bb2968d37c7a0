import type { ReactNode } from "react";
import { Badge, Button, Paper, Stack, Text } from "@mantine/core";
import { IconCheck, IconServer } from "@tabler/icons-react";
import { useMutation } from "urql";
import { useTranslation } from "react-i18next";
import { hasErrorCode } from "../../api/errors";
import * as TESTIDS from "../../testids";
import { notify } from "../../ui/notify";
import { USE_VIRTUAL_CALL_SYSTEM } from "./setup.graphql";

/**
 * Step 3's alternative to a real controller: the bundled virtual call system, started by the
 * server and stored as the configurator (for trying the product and for training). Once chosen it
 * says so instead of offering itself again ("cannot be chosen twice").
 */
export function VirtualCallSystemOption({ chosen, onUsed }: { chosen: boolean; onUsed: () => Promise<void> }): ReactNode {
  const { t } = useTranslation();
  const [{ fetching }, startVirtual] = useMutation(USE_VIRTUAL_CALL_SYSTEM);

  const start = async (): Promise<void> => {
    const result = await startVirtual({});
    if (result.error || !result.data?.useVirtualCallSystem) {
      const text = hasErrorCode(result.error, "CONFLICT") ? t("setup.configurator.virtual.unavailable") : t("setup.configurator.virtual.failed");
      notify({ type: "error", title: t("setup.configurator.virtual.failedTitle"), text });
      return;
    }
    notify({ type: "success", title: t("setup.configurator.virtual.savedTitle"), text: t("setup.configurator.virtual.savedText") });
    await onUsed();
  };

  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap="xs" align="flex-start">
        <Text fw={600} size="sm">
          {t("setup.configurator.virtual.title")}
        </Text>
        <Text size="sm" c="dimmed">
          {t("setup.configurator.virtual.text")}
        </Text>
        {chosen ? (
          <Badge
            color="teal"
            variant="light"
            size="lg"
            leftSection={<IconCheck size={14} aria-hidden="true" />}
            data-testid={TESTIDS.setup.configVirtual}
            data-chosen="true"
          >
            {t("setup.configurator.virtual.inUse")}
          </Badge>
        ) : (
          <Button
            variant="light"
            leftSection={<IconServer size={16} />}
            loading={fetching}
            onClick={() => void start()}
            data-testid={TESTIDS.setup.configVirtual}
          >
            {t("setup.configurator.virtual.use")}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
