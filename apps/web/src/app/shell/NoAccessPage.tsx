import type { ReactNode } from "react";
import { Button, Center, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconLock } from "@tabler/icons-react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import * as TESTIDS from "../../testids";

/** /no-access (route name accessDenied): where refused navigation ends. */
export function NoAccessPage(): ReactNode {
  const { t } = useTranslation();
  return (
    <Center mih="50vh" p="md" data-testid={TESTIDS.noAccess.page}>
      <Stack align="center" gap="sm" maw={480}>
        <ThemeIcon size={56} radius="xl" color="red" variant="light">
          <IconLock size={30} aria-hidden="true" />
        </ThemeIcon>
        <Title order={1} size="h2" ta="center">
          {t("accessDenied.title")}
        </Title>
        <Text c="dimmed" ta="center">
          {t("accessDenied.pageText")}
        </Text>
        <Button component={Link} to="/home" variant="light" data-testid={TESTIDS.noAccess.home}>
          {t("accessDenied.home")}
        </Button>
      </Stack>
    </Center>
  );
}
