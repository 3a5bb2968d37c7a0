import type { ReactNode } from "react";
import { Button, Center, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import * as TESTIDS from "../../testids";

/** Shown when the very first AppData could not be loaded: nothing else can render without it. */
export function AppDataError({ onRetry }: { onRetry: () => void }): ReactNode {
  const { t } = useTranslation();
  return (
    <Center mih="60vh" p="md" data-testid={TESTIDS.appData.error}>
      <Stack align="center" gap="sm" maw={420}>
        <Title order={2} size="h3">
          {t("appData.failedTitle")}
        </Title>
        <Text c="dimmed" ta="center">
          {t("appData.failedText")}
        </Text>
        <Button onClick={onRetry} data-testid={TESTIDS.appData.retry}>
          {t("common.retry")}
        </Button>
      </Stack>
    </Center>
  );
}
