import type { ReactNode } from "react";
import { Alert, Center, EmptyState, Loader, SimpleGrid, Stack, Text } from "@mantine/core";
import { IconBell, IconPlugConnected } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { TESTIDS } from "../../testids";
import { CallCard } from "./CallCard";
import type { DemoCallsState } from "./useDemoCalls";
import { useNow } from "./useNow";

/**
 * The "Visuals" tab. The spec embeds the fullscreen display there (an iframe of
 * `/display?fullscreen=1`); until the display screen exists this board shows the same live open
 * calls (callsChanged), in the server's display order.
 */
export function OpenCallsBoard({ state }: { state: DemoCallsState }): ReactNode {
  const { t } = useTranslation();
  const now = useNow();
  if (state.status === "failed") {
    return (
      <Alert color="orange" icon={<IconPlugConnected size={18} />} title={t("demo.calls.errorTitle")} data-testid={TESTIDS.demo.callsError}>
        {t("demo.calls.errorText")}
      </Alert>
    );
  }
  if (state.status === "loading") {
    return (
      <Center py="xl">
        <Loader size="md" aria-label={t("demo.calls.loading")} />
      </Center>
    );
  }
  if (state.calls.length === 0) {
    return (
      <EmptyState
        py="xl"
        icon={<IconBell size={32} />}
        withIndicatorBackground
        title={t("demo.calls.emptyTitle")}
        description={t("demo.calls.emptyText")}
        styles={{ description: { color: "var(--mantine-color-gray-7)" } }}
        data-testid={TESTIDS.demo.callsEmpty}
      />
    );
  }
  return (
    <Stack gap="sm" data-testid={TESTIDS.demo.calls}>
      <Text size="sm" c="gray.7" aria-live="polite">
        {t("demo.calls.count", { count: state.calls.length })}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
        {state.calls.map((call) => (
          <CallCard key={call.id} call={call} now={now} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
