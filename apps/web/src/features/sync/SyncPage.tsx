import { useEffect, type ReactNode } from "react";
import { Alert, Badge, Button, Container, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { IconArrowRight, IconClockHour4, IconPlugConnected, IconSend } from "@tabler/icons-react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { useQuery } from "urql";
import { useAppData } from "../../app/providers/AppDataProvider";
import { formatDateTime } from "../../i18n/format";
import { TESTIDS } from "../../testids";
import { SYNC_LINK_STATUS, type SyncLinkStatus } from "./sync-status.graphql";

/** How often the page asks for the link state (the top bar's badge asks as often). */
const POLL_MS = 10_000;

/** "Never" is the epoch in AppState (spec: "epoch zero"). */
function isNever(time: string | null | undefined): boolean {
  return time === null || time === undefined || time === "" || Date.parse(time) <= 0;
}

function LinkRow({ link, name }: { link: SyncLinkStatus; name: string }): ReactNode {
  const { t } = useTranslation();
  return (
    <Stack gap={4} data-testid={TESTIDS.sync.link} data-connected={link.connected}>
      <Group gap="sm">
        <Text fw={600}>{name}</Text>
        <Badge color={link.connected ? "teal" : "red"} variant="light">
          {t(link.connected ? "sync.connection.connected" : "sync.connection.disconnected")}
        </Badge>
        {link.firmware && (
          <Text size="sm" c="dimmed">
            {t("sync.connection.firmware", { version: link.firmware })}
          </Text>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        {link.last_event_at
          ? t("sync.connection.lastEvent", { time: formatDateTime(link.last_event_at) })
          : t(link.connected ? "sync.connection.noEvent" : "sync.connection.waiting")}
      </Text>
    </Stack>
  );
}

/** One titled box of the page. */
function StatusSection({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }): ReactNode {
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group gap="xs">
          {icon}
          <Title order={2} size="h4">
            {title}
          </Title>
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

/**
 * /sync until the sync screen arrives: the guard sends users here while a commit runs
 * and the setup wizard finishes here, so it says what there is to know in product words: the
 * connection to the call system, the last import, and that changes are not sent from here.
 */
export function SyncPage(): ReactNode {
  const { t } = useTranslation();
  const { data } = useAppData();
  const [{ data: status, error }, reexecute] = useQuery({ query: SYNC_LINK_STATUS, requestPolicy: "network-only" });

  useEffect(() => {
    const timer = window.setInterval(() => reexecute({ requestPolicy: "network-only" }), POLL_MS);
    return () => window.clearInterval(timer);
  }, [reexecute]);

  const links = status?.callSystemStatus ?? [];
  const nameOf = (id: number): string => data.systems.find((s) => s.id === id)?.name ?? `#${id}`;
  const lastImport = data.appState.last_gets_change;

  return (
    <Container size="sm" py="xl" data-testid={TESTIDS.sync.page}>
      <Stack gap="lg">
        <div>
          <Title order={1} size="h2">
            {t("sync.title")}
          </Title>
          <Text c="dimmed">{t("sync.intro")}</Text>
        </div>

        <StatusSection icon={<IconPlugConnected size={20} aria-hidden="true" />} title={t("sync.connection.title")}>
          {error && <Alert color="red">{t("sync.connection.loadFailed")}</Alert>}
          {!error && status && links.length === 0 && (
            <Text size="sm" data-testid={TESTIDS.sync.noLink}>
              {t(data.appState.configurator_set ? "sync.connection.noAccess" : "sync.connection.none")}
            </Text>
          )}
          {links.map((link) => (
            <LinkRow key={link.system_id} link={link} name={nameOf(link.system_id)} />
          ))}
        </StatusSection>

        <StatusSection icon={<IconClockHour4 size={20} aria-hidden="true" />} title={t("sync.import.title")}>
          <Text size="sm" data-testid={TESTIDS.sync.lastImport}>
            {isNever(lastImport) ? t("sync.import.never") : t("sync.import.at", { time: formatDateTime(lastImport) })}
          </Text>
        </StatusSection>

        <StatusSection icon={<IconSend size={20} aria-hidden="true" />} title={t("sync.publish.title")}>
          <Text size="sm" data-testid={TESTIDS.sync.publishNotSent}>
            {t("sync.publish.notSent")}
          </Text>
        </StatusSection>

        <Group justify="flex-end">
          <Button component={Link} to="/home" rightSection={<IconArrowRight size={16} />} data-testid={TESTIDS.sync.toHome}>
            {t("sync.toHome")}
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
