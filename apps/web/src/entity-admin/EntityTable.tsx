import type { KeyboardEvent, ReactNode } from "react";
import { Table, UnstyledButton, Group } from "@mantine/core";
import { IconArrowDown, IconArrowUp, IconSelector } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import type { EntityDef } from "@caresuite/domain";
import { TESTIDS } from "../testids";
import { EntityCell } from "./EntityCell";
import type { EntityRecord } from "./entity-documents";
import { fieldLabelKey } from "./entity-labels";
import { listColumns, type ListState } from "./list-state";

interface EntityTableProps {
  entity: EntityDef;
  items: EntityRecord[];
  state: ListState;
  onSort: (field: string) => void;
  onOpen: (id: number) => void;
}

/** The list's table: one column per `list: true` field, sortable headers, rows open the form. */
export function EntityTable({ entity, items, state, onSort, onOpen }: EntityTableProps): ReactNode {
  const { t } = useTranslation();
  const columns = listColumns(entity);

  const header = (name: string): ReactNode => {
    const active = state.sort === name;
    const Icon = !active ? IconSelector : state.direction === "ASC" ? IconArrowUp : IconArrowDown;
    return (
      <Table.Th key={name} aria-sort={active ? (state.direction === "ASC" ? "ascending" : "descending") : "none"}>
        <UnstyledButton onClick={() => onSort(name)} data-testid={TESTIDS.entityList.sortHeader} data-field={name}>
          <Group gap={4} wrap="nowrap">
            <span>{t(fieldLabelKey(entity, name))}</span>
            <Icon size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      </Table.Th>
    );
  };

  const onRowKey = (event: KeyboardEvent<HTMLTableRowElement>, id: number): void => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      onOpen(id);
    }
  };

  return (
    <Table.ScrollContainer minWidth={480}>
      <Table highlightOnHover verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>{columns.map(([name]) => header(name))}</Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr
              key={item.id}
              tabIndex={0}
              style={{ cursor: "pointer" }}
              onClick={() => onOpen(item.id)}
              onKeyDown={(event) => onRowKey(event, item.id)}
              aria-label={t("entityList.open", { name: String(item[entity.displayField] ?? item.id) })}
              data-testid={TESTIDS.entityList.row}
              data-id={item.id}
            >
              {columns.map(([name, field]) => (
                <Table.Td key={name}>
                  <EntityCell entity={entity} name={name} field={field} value={item[name]} />
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
