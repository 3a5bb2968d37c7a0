import { useMemo, useState, type ReactNode } from "react";
import { Button, Table, Text, UnstyledButton } from "@mantine/core";
import { IconLink } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import * as TESTIDS from "../../testids";
import { connectionRows } from "./connections";
import { KindIcon } from "./KindIcon";
import type { TreeIndex } from "./tree-model";

const PAGE = 200;

interface ConnectionTableProps {
  index: TreeIndex;
  /** Opens the node form of a device; absent: the list is read-only (no edit permission). */
  onOpen?: (id: number) => void;
}

/** Devices with their linked device and connection kind (the connections view and /tree/connections). */
export function ConnectionTable({ index, onOpen }: ConnectionTableProps): ReactNode {
  const { t } = useTranslation();
  const [limit, setLimit] = useState(PAGE);
  const rows = useMemo(() => connectionRows(index), [index]);

  if (rows.length === 0) {
    return (
      <Text c="dimmed" data-testid={TESTIDS.tree.empty}>
        {t("tree.devicesEmpty")}
      </Text>
    );
  }

  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped data-testid={TESTIDS.tree.connections}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("tree.columns.device")}</Table.Th>
            <Table.Th>{t("tree.columns.linked")}</Table.Th>
            <Table.Th>{t("tree.columns.connection")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.slice(0, limit).map(({ node, place, linked, linkedPlace, connection }) => {
            const label = (
              <span style={{ display: "inline-flex", gap: 6, alignItems: "center" }}>
                <KindIcon kind={node.kind} />
                <Text span size="sm" fw={500}>
                  {node.name}
                </Text>
                {place && (
                  <Text span size="xs" c="dimmed">
                    · {place}
                  </Text>
                )}
              </span>
            );
            return (
              <Table.Tr key={node.id} data-testid={TESTIDS.tree.connectionRow} data-id={node.id}>
                <Table.Td>{onOpen ? <UnstyledButton onClick={() => onOpen(node.id)}>{label}</UnstyledButton> : label}</Table.Td>
                <Table.Td>
                  {linked ? (
                    <span style={{ display: "inline-flex", gap: 6, alignItems: "center" }}>
                      <IconLink size={14} aria-hidden />
                      <Text span size="sm">
                        {linked.name}
                      </Text>
                      {linkedPlace && (
                        <Text span size="xs" c="dimmed">
                          · {linkedPlace}
                        </Text>
                      )}
                    </span>
                  ) : (
                    <Text span size="sm" c="dimmed">
                      {t("tree.notLinked")}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{t(`tree.connectionKinds.${connection}`)}</Text>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {rows.length > limit && (
        <Button variant="subtle" mt="xs" onClick={() => setLimit((n) => n + PAGE * 5)}>
          {t("tree.showMore", { count: rows.length - limit })}
        </Button>
      )}
    </Table.ScrollContainer>
  );
}
