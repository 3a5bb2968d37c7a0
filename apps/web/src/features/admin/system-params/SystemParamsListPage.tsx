import type { ReactNode } from "react";
import { Alert, Badge, Table, Text } from "@mantine/core";
import { IconInfoCircle, IconServer } from "@tabler/icons-react";
import { useNavigate } from "react-router";
import { useQuery } from "urql";
import { useTranslation } from "react-i18next";
import { useAppData } from "../../../app/providers/AppDataProvider";
import { ListFrame } from "../../../entity-admin/ListFrame";
import { ListEmpty, ListNewButton, OpenableRow } from "../../../entity-admin/ListParts";
import * as TESTIDS from "../../../testids";
import { systemsLimitText } from "../../../ui/licence-text";
import { LINK_STATUS_QUERY, SYSTEM_PARAMS_CONTEXT, SYSTEM_PARAMS_QUERY, type LinkStatus, type SystemParamRow } from "./system-params.graphql";

type LinkState = "connected" | "disconnected" | "unknown";

function linkStateOf(id: number, links: LinkStatus[] | undefined): LinkState {
  const link = links?.find((l) => l.system_id === id);
  if (!link) return "unknown";
  return link.connected ? "connected" : "disconnected";
}

const LINK_COLORS: Record<LinkState, string> = { connected: "teal", disconnected: "red", unknown: "gray" };

function SystemParamRowView({ row, link, onOpen }: { row: SystemParamRow; link: LinkStatus | undefined; onOpen: (id: number) => void }): ReactNode {
  const { t } = useTranslation();
  const state = linkStateOf(row.id, link ? [link] : undefined);
  return (
    <OpenableRow id={row.id} name={row.name} onOpen={onOpen}>
      <Table.Td>
        <Text size="sm" fw={500}>
          {row.name}
        </Text>
      </Table.Td>
      <Table.Td ff="monospace">{row.ip}</Table.Td>
      <Table.Td ff="monospace">{row.tcp_port}</Table.Td>
      <Table.Td>{row.version ?? <Text c="dimmed">–</Text>}</Table.Td>
      <Table.Td>
        <Badge variant="light" color={LINK_COLORS[state]} title={link?.last_error ?? undefined} data-testid={TESTIDS.systemParams.linkState} data-state={state}>
          {t(`systemParams.link.${state}`)}
        </Badge>
      </Table.Td>
    </OpenableRow>
  );
}

/** /admin/systemparams: the configurators (one per system); the form opens as `edit/:id?`. */
export function SystemParamsListPage(): ReactNode {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: appData } = useAppData();
  const [{ data, error }, reexecute] = useQuery({ query: SYSTEM_PARAMS_QUERY, variables: {}, context: SYSTEM_PARAMS_CONTEXT });
  const [links] = useQuery({ query: LINK_STATUS_QUERY, variables: {}, requestPolicy: "cache-and-network" });
  const rows = data?.systemParams;
  const limit = appData.licence.limits.systems;
  // spec §8: "Max reached for ... configurators": the licence says how many systems there may be.
  const limitReached = rows !== undefined && rows.length >= limit;
  // Worded as the footer words the licence.
  const limitText = systemsLimitText(appData.licence);

  return (
    <ListFrame
      testId={TESTIDS.systemParams.page}
      title={t("admin.nav.systemparams")}
      actions={<ListNewButton onClick={() => void navigate("edit/-1")} disabled={limitReached} />}
      notice={
        limitReached && (
          <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />} data-testid={TESTIDS.systemParams.limitReached}>
            {t(limitText.key, limitText.values)}
          </Alert>
        )
      }
      loaded={rows !== undefined}
      failed={Boolean(error)}
      onRetry={() => reexecute({ requestPolicy: "network-only" })}
      empty={rows?.length === 0 && <ListEmpty icon={<IconServer size={28} />} text={t("systemParams.emptyText")} />}
      minWidth={560}
      table={() => (
        <>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("systemParams.fields.name")}</Table.Th>
              <Table.Th>{t("systemParams.fields.ip")}</Table.Th>
              <Table.Th>{t("systemParams.fields.tcp_port")}</Table.Th>
              <Table.Th>{t("systemParams.fields.version")}</Table.Th>
              <Table.Th>{t("systemParams.linkTitle")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows?.map((row) => (
              <SystemParamRowView
                key={row.id}
                row={row}
                link={links.data?.callSystemStatus.find((l) => l.system_id === row.id)}
                onOpen={(id) => void navigate(`edit/${id}`)}
              />
            ))}
          </Table.Tbody>
        </>
      )}
    />
  );
}
