import { useState, type ReactNode } from "react";
import { Alert, Button, Center, Loader, Stack, Text, Title } from "@mantine/core";
import { IconAlertTriangle, IconLock } from "@tabler/icons-react";
import { useQuery } from "urql";
import { useTranslation } from "react-i18next";
import { hasWritePermission, tunnelMissing } from "@caresuite/domain";
import { useAppData } from "../../../app/providers/AppDataProvider";
import { TUNNEL_QUERY } from "./tunnel.graphql";
import { TunnelSettingsForm } from "./TunnelSettingsForm";
import { TunnelStatusCard, type TunnelStatusValue } from "./TunnelStatusCard";
import type { StoredTunnelSettings } from "./tunnel-form";
import { TUNNEL_TESTIDS } from "./tunnel-testids";

/** What opening still needs, from the saved settings (the switch stays off until then). */
function blockedBy(settings: StoredTunnelSettings): string | null {
  return tunnelMissing({ ...settings, auth_method: settings.auth_method === "password" ? "password" : "key" });
}

function TunnelScreen({ settings, status, canWrite }: { settings: StoredTunnelSettings; status: TunnelStatusValue; canWrite: boolean }): ReactNode {
  const { t } = useTranslation();
  const [saved, setSaved] = useState(settings);
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed" maw={880}>
        {t("tunnel.intro")}
      </Text>
      {!canWrite && (
        <Alert color="gray" icon={<IconLock size={18} />} maw={880}>
          {t("tunnel.readOnly")}
        </Alert>
      )}
      <TunnelStatusCard initial={status} canWrite={canWrite} blocked={blockedBy(saved)} />
      <TunnelSettingsForm stored={settings} canWrite={canWrite} onSaved={setSaved} />
    </Stack>
  );
}

/** /admin/tunnel: remote access for the vendor's support (route table: admin::manage_system and the management licence). */
export function TunnelPage(): ReactNode {
  const { t } = useTranslation();
  const { data: appData } = useAppData();
  const [{ data, error }, reexecute] = useQuery({ query: TUNNEL_QUERY, variables: {}, requestPolicy: "cache-and-network" });

  const body = (): ReactNode => {
    if (!data && error) {
      return (
        <Alert color="yellow" icon={<IconAlertTriangle size={18} />} title={t("tunnel.loadErrorTitle")} data-testid={TUNNEL_TESTIDS.loadError}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t("tunnel.loadErrorText")}</Text>
            <Button size="xs" variant="light" color="yellow" onClick={() => reexecute({ requestPolicy: "network-only" })}>
              {t("common.retry")}
            </Button>
          </Stack>
        </Alert>
      );
    }
    if (!data) {
      return (
        <Center mih={200} aria-busy="true">
          <Loader size="sm" aria-label={t("common.loading")} />
        </Center>
      );
    }
    return <TunnelScreen settings={data.tunnelSettings} status={data.tunnelStatus} canWrite={hasWritePermission(appData.user, "admin::manage_system")} />;
  };

  return (
    <Stack gap="md" data-testid={TUNNEL_TESTIDS.page}>
      <Title order={2} size="h3">
        {t("tunnel.title")}
      </Title>
      {body()}
    </Stack>
  );
}
