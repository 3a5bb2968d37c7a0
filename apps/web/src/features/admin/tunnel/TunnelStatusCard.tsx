import { useEffect, useState, type ReactNode } from "react";
import { Alert, Badge, Card, Group, Select, Stack, Switch, Text } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { useMutation, useQuery } from "urql";
import { useTranslation } from "react-i18next";
import { TUNNEL_DEFAULT_HOURS, TUNNEL_MAX_HOURS, TUNNEL_MIN_HOURS } from "@caresuite/domain";
import { formatDate, formatDateTime, formatTime } from "../../../i18n/format";
import { CLOSE_TUNNEL, OPEN_TUNNEL, TUNNEL_STATUS_QUERY } from "./tunnel.graphql";
import { TUNNEL_TESTIDS } from "./tunnel-testids";

export interface TunnelStatusValue {
  status: string;
  open_until: string | null;
  failure: string | null;
  opened_by: string | null;
  opened_at: string | null;
}

const HOURS = [1, 2, 4, 8, 12, 24].filter((h) => h >= TUNNEL_MIN_HOURS && h <= TUNNEL_MAX_HOURS);
const COLOURS: Record<string, string> = { off: "gray", connecting: "yellow", open: "green", error: "red" };
/** While open or connecting the state is read again this often (it closes by itself at its limit). */
const POLL_MS = 5_000;

/** The state, the on/off switch and the time limit of the tunnel. `blocked` names why it cannot open yet. */
export function TunnelStatusCard({ initial, canWrite, blocked }: { initial: TunnelStatusValue; canWrite: boolean; blocked: string | null }): ReactNode {
  const { t } = useTranslation();
  const [hours, setHours] = useState(String(TUNNEL_DEFAULT_HOURS));
  const [actionError, setActionError] = useState<string | null>(null);
  const [{ data }, reread] = useQuery({ query: TUNNEL_STATUS_QUERY, variables: {}, requestPolicy: "cache-first" });
  const [{ fetching: opening }, open] = useMutation(OPEN_TUNNEL);
  const [{ fetching: closing }, close] = useMutation(CLOSE_TUNNEL);
  const state: TunnelStatusValue = data?.tunnelStatus ?? initial;
  const shown = opening ? "connecting" : state.status;
  const active = shown === "open" || shown === "connecting";

  useEffect(() => {
    if (!active) return undefined;
    const timer = setInterval(() => reread({ requestPolicy: "network-only" }), POLL_MS);
    return () => clearInterval(timer);
  }, [active, reread]);

  const toggle = async (on: boolean): Promise<void> => {
    setActionError(null);
    const result = on ? await open({ duration_hours: Number(hours) }) : await close({});
    const extensions = result.error?.graphQLErrors[0]?.extensions;
    if (result.error) {
      const reason = typeof extensions?.["reason"] === "string" ? extensions["reason"] : "unknown";
      setActionError(t(`tunnel.failures.${reason}`, { defaultValue: t("tunnel.failures.unknown") }));
    }
    reread({ requestPolicy: "network-only" });
  };

  const text = (): string => {
    if (shown === "open" && state.open_until) return t("tunnel.state.openUntil", { time: formatTime(state.open_until), date: formatDate(state.open_until) });
    if (shown === "error")
      return t("tunnel.state.error", { reason: t(`tunnel.failures.${state.failure ?? "unknown"}`, { defaultValue: t("tunnel.failures.unknown") }) });
    return t(`tunnel.state.${shown}`, { defaultValue: t("tunnel.state.off") });
  };

  return (
    <Card withBorder padding="md" maw={880}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Group gap="sm" role="status" aria-live="polite" data-testid={TUNNEL_TESTIDS.status} data-status={shown}>
            <Badge color={COLOURS[shown] ?? "gray"} variant="light">
              {t(`tunnel.badge.${shown}`, { defaultValue: shown })}
            </Badge>
            <Text size="sm">{text()}</Text>
          </Group>
          <Group gap="md" align="flex-end">
            <Select
              label={t("tunnel.duration")}
              data={HOURS.map((h) => ({ value: String(h), label: h === 1 ? t("tunnel.hour") : t("tunnel.hours", { count: h }) }))}
              value={hours}
              onChange={(value) => setHours(value ?? String(TUNNEL_DEFAULT_HOURS))}
              allowDeselect={false}
              disabled={!canWrite || active || Boolean(blocked)}
              w={140}
              data-testid={TUNNEL_TESTIDS.duration}
            />
            <Switch
              size="md"
              label={t("tunnel.switch")}
              checked={closing ? false : opening || active}
              disabled={!canWrite || opening || closing || (!active && Boolean(blocked))}
              onChange={(event) => void toggle(event.currentTarget.checked)}
              data-testid={TUNNEL_TESTIDS.switch}
            />
          </Group>
        </Group>
        {state.opened_by && active && (
          <Text size="xs" c="dimmed">
            {t("tunnel.openedBy", { user: state.opened_by, date: state.opened_at ? formatDateTime(state.opened_at) : "" })}
          </Text>
        )}
        {blocked && !active && (
          <Text size="sm" c="dimmed">
            {t(`tunnel.failures.${blocked}`)}
          </Text>
        )}
        {actionError && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} data-testid={TUNNEL_TESTIDS.actionError}>
            {actionError}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
