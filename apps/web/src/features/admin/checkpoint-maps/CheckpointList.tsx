import type { ReactNode } from "react";
import { Alert, Button, Center, Loader, ScrollArea, Table, Text, UnstyledButton } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { checkpoint } from "@caresuite/domain";
import type { EntityRecord } from "../../../entity-admin/entity-documents";
import { fieldLabelKey } from "../../../entity-admin/entity-labels";
import * as TESTIDS from "../../../testids";
import { placed } from "./map-geometry";

interface CheckpointListProps {
  checkpoints: readonly EntityRecord[];
  pending: ReadonlyMap<number, { x: number; y: number }>;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  onOpen: (record: EntityRecord) => void;
}

/** The map's checkpoints beside it: number, letter, text and place; a row opens its dialog. */
export function CheckpointList({ checkpoints, pending, loading, failed, onRetry, onOpen }: CheckpointListProps): ReactNode {
  const { t } = useTranslation();
  if (loading) {
    return (
      <Center py="md">
        <Loader size="sm" />
      </Center>
    );
  }
  if (failed) {
    return (
      <Alert color="yellow" variant="light">
        <Text size="sm">{t("checkpointMaps.listFailed")}</Text>
        <Button size="xs" variant="default" mt="xs" onClick={onRetry}>
          {t("common.retry")}
        </Button>
      </Alert>
    );
  }
  if (checkpoints.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid={TESTIDS.checkpointMaps.listEmpty}>
        {t("checkpointMaps.listEmpty")}
      </Text>
    );
  }
  return (
    <ScrollArea.Autosize mah={420} type="auto">
      <Table striped highlightOnHover verticalSpacing={4} data-testid={TESTIDS.checkpointMaps.list}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t(fieldLabelKey(checkpoint, "number"))}</Table.Th>
            <Table.Th>{t(fieldLabelKey(checkpoint, "text"))}</Table.Th>
            <Table.Th>{t("checkpointMaps.position")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {checkpoints.map((record) => {
            const at = pending.get(record.id) ?? placed(record);
            const char = typeof record["char"] === "string" ? record["char"] : "";
            return (
              <Table.Tr key={record.id} data-testid={TESTIDS.checkpointMaps.listItem} data-id={record.id}>
                <Table.Td>
                  <UnstyledButton onClick={() => onOpen(record)} fw={600} aria-label={t("checkpointMaps.editNumber", { number: record["number"] })}>
                    {String(record["number"])}
                    {char}
                  </UnstyledButton>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" lineClamp={1}>
                    {String(record["text"] ?? "")}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" ff="monospace" c="dimmed">
                    {at.x}, {at.y}
                  </Text>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}
