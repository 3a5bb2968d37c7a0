import type { ReactNode } from "react";
import { Center, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconRefresh } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { TESTIDS } from "../../testids";

/**
 * Placeholder for /sync: the route must exist now because the guard sends users here while a
 * commit runs and setup finishes here; the screen itself arrives with the sync issue.
 */
export function SyncPage(): ReactNode {
  const { t } = useTranslation();
  return (
    <Center mih="50vh" p="md" data-testid={TESTIDS.sync.page}>
      <Stack align="center" gap="sm" maw={520}>
        <ThemeIcon size={56} radius="xl" variant="light">
          <IconRefresh size={30} aria-hidden="true" />
        </ThemeIcon>
        <Title order={1} size="h2" ta="center">
          {t("sync.title")}
        </Title>
        <Text c="dimmed" ta="center">
          {t("sync.comingSoon")}
        </Text>
      </Stack>
    </Center>
  );
}
