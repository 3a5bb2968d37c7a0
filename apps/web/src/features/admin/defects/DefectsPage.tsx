import { useState, type ReactNode } from "react";
import { Button, Group, Modal, Stack, Table, Text, VisuallyHidden } from "@mantine/core";
import { IconRefresh, IconShieldCheck, IconShieldOff } from "@tabler/icons-react";
import { useMutation, useQuery } from "urql";
import { useTranslation } from "react-i18next";
import { ListFrame } from "../../../entity-admin/ListFrame";
import { ListEmpty } from "../../../entity-admin/ListParts";
import { formatDateTime } from "../../../i18n/format";
import { DEFECTS_TESTIDS } from "./defects-testids";
import { notify } from "../../../ui/notify";
import { DEFECTS_CONTEXT, DEFECTS_QUERY, IGNORE_DEFECTS, type DefectRow } from "./defects.graphql";
import { ignoreOutcome } from "./ignore-defects";

/** Whom IgnoreDefects goes to: one device (a row), or the whole system. */
type Target = { kind: "device"; row: DefectRow } | { kind: "system" };

function ConfirmIgnore({
  target,
  busy,
  onCancel,
  onConfirm,
}: {
  target: Target | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}): ReactNode {
  const { t } = useTranslation();
  return (
    <Modal opened={target !== null} onClose={onCancel} title={t("defects.confirmTitle")} centered closeButtonProps={{ "aria-label": t("defects.cancel") }}>
      <Stack gap="md">
        <Text size="sm">{target?.kind === "device" ? t("defects.confirmDevice", { path: target.row.device_path }) : t("defects.confirmAll")}</Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel}>
            {t("defects.cancel")}
          </Button>
          <Button color="red.8" leftSection={<IconShieldOff size={16} aria-hidden />} loading={busy} onClick={onConfirm} data-testid={DEFECTS_TESTIDS.confirm}>
            {t("defects.confirm")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * /admin/defects (route table "admin::manage_system or calllog::see_defects"): the devices with
 * an open call of a call type flagged Defect, since when, and the control action IgnoreDefects
 * for a device or the whole system, asked first (docs/decisions/038-technical-reports.md).
 */
export function DefectsPage(): ReactNode {
  const { t } = useTranslation();
  const [{ data, error, fetching }, reexecute] = useQuery({ query: DEFECTS_QUERY, context: DEFECTS_CONTEXT, requestPolicy: "cache-and-network" });
  const [{ fetching: sending }, ignore] = useMutation(IGNORE_DEFECTS);
  const [target, setTarget] = useState<Target | null>(null);
  const rows = data?.defects;
  const refresh = () => reexecute({ requestPolicy: "network-only" });

  const confirm = async (): Promise<void> => {
    if (!target) return;
    const device = target.kind === "device" ? target.row : null;
    const answer = await ignore({ deviceID: device?.device_id ?? null }, DEFECTS_CONTEXT);
    const outcome = ignoreOutcome(answer, device ? { name: device.device_name } : null);
    notify({ type: outcome.type, title: t(`defects.${outcome.title}`), text: t(`defects.${outcome.text}`, outcome.values) });
    setTarget(null);
    refresh();
  };

  return (
    <ListFrame
      testId={DEFECTS_TESTIDS.page}
      title={t("defects.title")}
      actions={
        <>
          <Button variant="default" leftSection={<IconRefresh size={16} aria-hidden />} loading={fetching && rows !== undefined} onClick={refresh}>
            {t("defects.refresh")}
          </Button>
          <Button
            variant="default"
            leftSection={<IconShieldOff size={16} aria-hidden />}
            disabled={!rows || rows.length === 0}
            onClick={() => setTarget({ kind: "system" })}
            data-testid={DEFECTS_TESTIDS.ignoreAll}
          >
            {t("defects.ignoreAll")}
          </Button>
        </>
      }
      notice={
        <Text size="sm" c="dimmed">
          {t("defects.intro")}
          {rows && rows.length > 0 ? ` ${t("defects.count", { count: new Set(rows.map((r) => r.device_id)).size })}` : ""}
        </Text>
      }
      loaded={rows !== undefined}
      failed={Boolean(error)}
      onRetry={refresh}
      empty={
        rows?.length === 0 && (
          <div data-testid={DEFECTS_TESTIDS.empty}>
            <ListEmpty icon={<IconShieldCheck size={28} />} text={t("defects.emptyText")} />
          </div>
        )
      }
      minWidth={640}
      table={() => (
        <>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("defects.device")}</Table.Th>
              <Table.Th>{t("defects.callType")}</Table.Th>
              <Table.Th>{t("defects.since")}</Table.Th>
              <Table.Th>{t("defects.openCalls")}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t("defects.actions")}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows?.map((row) => (
              <Table.Tr key={`${row.device_id}.${row.call_type_id}`} data-testid={DEFECTS_TESTIDS.row} data-device={row.device_id}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {row.device_name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {row.device_path}
                  </Text>
                </Table.Td>
                <Table.Td>{row.call_type_name}</Table.Td>
                <Table.Td>{formatDateTime(row.since)}</Table.Td>
                <Table.Td>{row.open_calls}</Table.Td>
                <Table.Td ta="right">
                  <Button
                    size="xs"
                    variant="default"
                    leftSection={<IconShieldOff size={14} aria-hidden />}
                    onClick={() => setTarget({ kind: "device", row })}
                    data-testid={DEFECTS_TESTIDS.ignore}
                  >
                    {t("defects.ignore")}
                    <VisuallyHidden>{`: ${row.device_name}`}</VisuallyHidden>
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </>
      )}
      outlet={<ConfirmIgnore target={target} busy={sending} onCancel={() => setTarget(null)} onConfirm={() => void confirm()} />}
    />
  );
}
