import type { ReactNode } from "react";
import { Table, UnstyledButton, Group } from "@mantine/core";
import { IconArrowDown, IconArrowUp, IconSelector } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import type { EntityDef } from "@caresuite/domain";
import * as TESTIDS from "../testids";
import { EntityCell } from "./EntityCell";
import { OpenableRow } from "./ListParts";
import type { EntityRecord } from "./entity-documents";
import { fieldLabelKey } from "./entity-labels";
import { listColumns, type ListState } from "./list-state";

interface EntityTableProps {
  entity: EntityDef;
  items: EntityRecord[];
  state: ListState;
  onSort: (field: string) => void;
  /** Absent: rows do not open the form. */
  onOpen?: ((id: number) => void) | undefined;
}

/**
 * The list's table head and body (inside the list frame's table): one column per `list: true`
 * field, sortable headers, rows open the form.
 */
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

  return (
    <>
      <Table.Thead>
        <Table.Tr>{columns.map(([name]) => header(name))}</Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((item) => (
          <OpenableRow key={item.id} id={item.id} name={String(item[entity.displayField] ?? item.id)} onOpen={onOpen}>
            {columns.map(([name, field]) => (
              <Table.Td key={name}>
                <EntityCell entity={entity} name={name} field={field} value={item[name]} />
              </Table.Td>
            ))}
          </OpenableRow>
        ))}
      </Table.Tbody>
    </>
  );
}
