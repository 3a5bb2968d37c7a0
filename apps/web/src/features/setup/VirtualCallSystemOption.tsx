import type { ReactNode } from "react";
import { Button, Paper, Stack, Text } from "@mantine/core";
import { IconServer } from "@tabler/icons-react";
import { useMutation } from "urql";
import { useTranslation } from "react-i18next";
import { hasErrorCode } from "../../api/errors";
import { TESTIDS } from "../../testids";
import { notify } from "../../ui/notify";
import { USE_VIRTUAL_CALL_SYSTEM } from "./setup.graphql";

/**
 * Step 3's alternative to a real controller: the bundled virtual call system, started by the
 * server and stored as the configurator (for trying the product and for training).
 */
export function VirtualCallSystemOption({ onUsed }: { onUsed: () => Promise<void> }): ReactNode {
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
        <Button
          variant="light"
          leftSection={<IconServer size={16} />}
          loading={fetching}
          onClick={() => void start()}
          data-testid={TESTIDS.setup.configVirtual}
        >
          {t("setup.configurator.virtual.use")}
        </Button>
      </Stack>
    </Paper>
  );
}
