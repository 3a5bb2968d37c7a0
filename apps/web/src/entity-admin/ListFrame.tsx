import { useEffect, useState, type ReactNode } from "react";
import { Group, Loader, Stack, Table, TextInput, Title } from "@mantine/core";
import { useDebouncedCallback } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { Outlet } from "react-router";
import { useTranslation } from "react-i18next";
import * as TESTIDS from "../testids";
import { ListLoadError, ListLoading } from "./ListParts";
import { ScrollTable } from "./ScrollTable";

/** spec: the search box waits for a pause in typing. */
const SEARCH_DEBOUNCE_MS = 300;

interface ListSearchProps {
  /** The applied search (from the URL). */
  value: string;
  /** Applies a new search, after a pause in typing. */
  onSearch: (search: string) => void;
  /** A new answer is on its way. */
  busy: boolean;
}

function ListSearch({ value, onSearch, busy }: ListSearchProps): ReactNode {
  const { t } = useTranslation();
  const [input, setInput] = useState(value);
  const apply = useDebouncedCallback(onSearch, SEARCH_DEBOUNCE_MS);
  // A link to the plain list (or the back button) changes the search from outside the box.
  useEffect(() => {
    if (!apply.isPending()) setInput(value);
  }, [value, apply]);
  return (
    <TextInput
      type="search"
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={busy ? <Loader size="xs" aria-label={t("common.loading")} /> : null}
      placeholder={t("entityList.search")}
      aria-label={t("entityList.search")}
      value={input}
      onChange={(event) => {
        setInput(event.currentTarget.value);
        apply(event.currentTarget.value);
      }}
      maw={420}
      data-testid={TESTIDS.entityList.search}
    />
  );
}

interface ListFrameProps {
  /** The page's test id; registry lists also name their entity. */
  testId: string;
  entity?: string;
  title: string;
  /** The toolbar's buttons beside the title (sort, new). */
  actions?: ReactNode;
  /** Below the title: an intro, a licence limit. */
  notice?: ReactNode;
  /** A search box, for lists that search on the server. */
  search?: ListSearchProps;
  /** Whether an answer is there (an earlier one counts while a new one loads). */
  loaded: boolean;
  /** The last load failed: without an answer the list says so and offers a retry. */
  failed: boolean;
  onRetry: () => void;
  /** The empty state, given only while there is nothing to list. */
  empty?: ReactNode;
  /** The width below which the table scrolls sideways (with scroll hints). */
  minWidth: number;
  /** The table's head and body, rendered once the answer is there. */
  table: () => ReactNode;
  /** Below the table: pager or count. */
  footer?: ReactNode;
  /** The modal routes over the list (form, sort); default the plain outlet. */
  outlet?: ReactNode;
}

/**
 * The frame every admin list shares (registry entities, users, roles, system parameters): title
 * and toolbar, search, the table with its loading, error and empty states, and the modal routes.
 */
export function ListFrame(props: ListFrameProps): ReactNode {
  const { testId, entity, title, actions, notice, search, loaded, failed, onRetry, empty, minWidth, table, footer, outlet = <Outlet /> } = props;

  const body = (): ReactNode => {
    if (failed && !loaded) return <ListLoadError onRetry={onRetry} />;
    if (!loaded) return <ListLoading />;
    if (empty) return empty;
    return (
      <ScrollTable minWidth={minWidth}>
        <Table highlightOnHover verticalSpacing="xs">
          {table()}
        </Table>
      </ScrollTable>
    );
  };

  return (
    <Stack gap="md" data-testid={testId} data-entity={entity}>
      <Group justify="space-between" align="center" wrap="wrap">
        <Title order={2} size="h3">
          {title}
        </Title>
        <Group gap="xs">{actions}</Group>
      </Group>
      {notice}
      {search && <ListSearch {...search} />}
      {body()}
      {footer}
      {outlet}
    </Stack>
  );
}
