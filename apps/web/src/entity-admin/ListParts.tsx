import type { KeyboardEvent, ReactNode } from "react";
import { Alert, Button, Center, EmptyState, Group, Loader, Stack, Table, Text } from "@mantine/core";
import { IconAlertCircle, IconArrowsSort, IconPlus, IconSearch } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import * as TESTIDS from "../testids";

/** Pieces every admin list shares (registry entities, users, roles): states, pager, rows. */

export function ListLoadError({ onRetry }: { onRetry: () => void }): ReactNode {
  const { t } = useTranslation();
  return (
    <Alert color="red" icon={<IconAlertCircle size={18} />} title={t("entityList.loadErrorTitle")} data-testid={TESTIDS.entityList.error}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t("entityList.loadErrorText")}</Text>
        <Button size="xs" variant="light" color="red" onClick={onRetry} data-testid={TESTIDS.entityList.retry}>
          {t("common.retry")}
        </Button>
      </Stack>
    </Alert>
  );
}

interface ListEmptyProps {
  icon: ReactNode;
  /** What the list would hold. */
  text: string;
  /** The applied search, trimmed: with one the state says nothing matched. */
  search?: string;
  /** Actions while the list is empty (not while nothing matched). */
  children?: ReactNode;
}

/** The empty list, or the search that matched nothing. */
export function ListEmpty({ icon, text, search = "", children }: ListEmptyProps): ReactNode {
  const { t } = useTranslation();
  const searching = search !== "";
  return (
    <EmptyState
      py="xl"
      icon={searching ? <IconSearch size={28} /> : icon}
      withIndicatorBackground
      title={searching ? t("entityList.noResultsTitle") : t("entityList.emptyTitle")}
      description={searching ? t("entityList.noResultsText", { search }) : text}
      data-testid={TESTIDS.entityList.empty}
    >
      {!searching && children}
    </EmptyState>
  );
}

/** The toolbar's "new" button. */
export function ListNewButton({ onClick, disabled }: { onClick: () => void; disabled?: boolean }): ReactNode {
  const { t } = useTranslation();
  return (
    <Button leftSection={<IconPlus size={16} />} onClick={onClick} disabled={disabled} data-testid={TESTIDS.entityList.new}>
      {t("entityList.new")}
    </Button>
  );
}

/** The toolbar's "sort" button (opens the sort modal). */
export function ListSortButton({ onClick }: { onClick: () => void }): ReactNode {
  const { t } = useTranslation();
  return (
    <Button variant="default" leftSection={<IconArrowsSort size={16} />} onClick={onClick} data-testid={TESTIDS.entityList.sort}>
      {t("entityList.sort")}
    </Button>
  );
}

export function ListLoading(): ReactNode {
  const { t } = useTranslation();
  return (
    <Center mih={160} data-testid={TESTIDS.entityList.loading} aria-busy="true">
      <Loader size="sm" aria-label={t("common.loading")} />
    </Center>
  );
}

interface ListPagerProps {
  total: number;
  page: number;
  pages: number;
  onPage: (page: number) => void;
}

/** "Einträge: n" and previous/next page. */
export function ListPager({ total, page, pages, onPage }: ListPagerProps): ReactNode {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" wrap="wrap">
      <Text size="sm" c="dimmed" data-testid={TESTIDS.entityList.total}>
        {t("entityList.total", { total })}
      </Text>
      <Group gap="xs">
        <Button variant="default" size="xs" disabled={page <= 1} onClick={() => onPage(page - 1)} data-testid={TESTIDS.entityList.prev}>
          {t("entityList.prev")}
        </Button>
        <Text size="sm">{t("entityList.page", { page: Math.min(page, pages), pages })}</Text>
        <Button variant="default" size="xs" disabled={page >= pages} onClick={() => onPage(page + 1)} data-testid={TESTIDS.entityList.next}>
          {t("entityList.next")}
        </Button>
      </Group>
    </Group>
  );
}

interface OpenableRowProps {
  id: number;
  /** The row's name for screen readers ("«Nacht» öffnen"). */
  name: string;
  /** Absent: the user may not open the form (its route needs a permission they lack): a plain row. */
  onOpen?: ((id: number) => void) | undefined;
  children: ReactNode;
}

/** A table row that opens its record by click, Enter or Space. */
export function OpenableRow({ id, name, onOpen, children }: OpenableRowProps): ReactNode {
  const { t } = useTranslation();
  if (onOpen === undefined) {
    return (
      <Table.Tr data-testid={TESTIDS.entityList.row} data-id={id}>
        {children}
      </Table.Tr>
    );
  }
  const onKeyDown = (event: KeyboardEvent<HTMLTableRowElement>): void => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      onOpen(id);
    }
  };
  return (
    <Table.Tr
      tabIndex={0}
      style={{ cursor: "pointer" }}
      onClick={() => onOpen(id)}
      onKeyDown={onKeyDown}
      aria-label={t("entityList.open", { name })}
      data-testid={TESTIDS.entityList.row}
      data-id={id}
    >
      {children}
    </Table.Tr>
  );
}
