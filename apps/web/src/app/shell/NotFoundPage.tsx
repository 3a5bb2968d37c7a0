import type { ReactNode } from "react";
import { Button, Center, Stack, Text, Title } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import * as TESTIDS from "../../testids";

/** The catch-all route: "not-found page with title, text and a go-back button". */
export function NotFoundPage(): ReactNode {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // With no history to go back to (a typed or shared link), "back" goes home.
  const goBack = (): void => {
    if (window.history.length > 1) navigate(-1);
    else navigate("/home");
  };
  return (
    <Center mih="50vh" p="md" data-testid={TESTIDS.notFound.page}>
      <Stack align="center" gap="sm" maw={480}>
        <Text fz={64} fw={800} c="dimmed" lh={1} aria-hidden="true">
          404
        </Text>
        <Title order={1} size="h2" ta="center">
          {t("notFound.title")}
        </Title>
        <Text c="dimmed" ta="center">
          {t("notFound.text")}
        </Text>
        <Button leftSection={<IconArrowLeft size={16} />} onClick={goBack} data-testid={TESTIDS.notFound.back}>
          {t("notFound.back")}
        </Button>
      </Stack>
    </Center>
  );
}
