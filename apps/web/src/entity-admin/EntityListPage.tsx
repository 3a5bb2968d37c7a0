import { useEffect, useMemo, useState, type ReactNode } from "react";
import { Button, EmptyState, Group, Loader, Stack, TextInput, Title } from "@mantine/core";
import { useDebouncedCallback } from "@mantine/hooks";
import { IconArrowsSort, IconDatabaseOff, IconPlus, IconSearch } from "@tabler/icons-react";
import { Outlet, useNavigate, useSearchParams } from "react-router";
import { useQuery } from "urql";
import { useTranslation } from "react-i18next";
import { hasWritePermission, isLicensed, type EntityDef } from "@caresuite/domain";
import { useAppData } from "../app/providers/AppDataProvider";
import { TESTIDS } from "../testids";
import { EntityProvider } from "./EntityContext";
import { EntityTable } from "./EntityTable";
import { ListLoadError, ListLoading, ListPager } from "./ListParts";
import { cacheContext, listDocument, rootField } from "./entity-documents";
import { entityTitleKey } from "./entity-labels";
import type { EntityFormPart } from "./form-parts";
import { PAGE_SIZE, pageCount, readListState, toggleSort, writeListState, type ListState } from "./list-state";

/** spec: the search box waits for a pause in typing. */
const SEARCH_DEBOUNCE_MS = 300;

/** Whether the user may create, change and delete records of the entity. */
export function useCanWrite(entity: EntityDef): boolean {
  const { data } = useAppData();
  return (
    // spec "Levels are hide, read, write": changes need the entity's permission at write.
    hasWritePermission(data.user, entity.permission) &&
    (entity.licence === undefined || isLicensed(data.licence, entity.licence, data.user))
  );
}

/**
 * The generic admin list of a registry entity: search, sortable columns, pages of 25, and the
 * form and sort modals (child routes) rendered over it.
 */
export function EntityListPage({ entity, formPart = null }: { entity: EntityDef; formPart?: EntityFormPart | null }): ReactNode {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canWrite = useCanWrite(entity);
  const [params, setParams] = useSearchParams();
  const state = readListState(entity, params);
  const [searchInput, setSearchInput] = useState(state.search);

  const update = (next: ListState): void => setParams(writeListState(entity, next), { replace: true });
  const applySearch = useDebouncedCallback((search: string) => {
    setParams((current) => writeListState(entity, { ...readListState(entity, current), search, page: 1 }), { replace: true });
  }, SEARCH_DEBOUNCE_MS);

  // A link to the plain list (or the back button) changes the search from outside the box.
  useEffect(() => {
    if (!applySearch.isPending()) setSearchInput(state.search);
  }, [state.search, applySearch]);

  const context = useMemo(() => cacheContext(entity), [entity]);
  const [{ data, fetching, error }, reexecute] = useQuery({
    query: listDocument(entity, state.direction),
    variables: {
      search: state.search.trim() === "" ? null : state.search.trim(),
      sort: state.sort,
      offset: (state.page - 1) * PAGE_SIZE,
      limit: PAGE_SIZE,
    },
    context,
  });
  const page = data?.[rootField.list(entity)];
  const total = page?.total ?? 0;
  const pages = pageCount(total);

  // After deletes the page may lie beyond the end: show the last one instead.
  const beyondEnd = page !== undefined && page !== null && page.items.length === 0 && state.page > pages;
  useEffect(() => {
    if (beyondEnd) setParams((current) => writeListState(entity, { ...readListState(entity, current), page: pages }), { replace: true });
  }, [beyondEnd, pages, entity, setParams]);

  const open = (path: string): void => {
    navigate({ pathname: path, search: params.toString() });
  };

  const body = (): ReactNode => {
    if (error && !page) return <ListLoadError onRetry={() => reexecute({ requestPolicy: "network-only" })} />;
    if (!page) return <ListLoading />;
    if (page.items.length === 0 && !beyondEnd) {
      const searching = state.search.trim() !== "";
      return (
        <EmptyState
          py="xl"
          icon={searching ? <IconSearch size={28} /> : <IconDatabaseOff size={28} />}
          withIndicatorBackground
          title={searching ? t("entityList.noResultsTitle") : t("entityList.emptyTitle")}
          description={searching ? t("entityList.noResultsText", { search: state.search.trim() }) : t("entityList.emptyText")}
          data-testid={TESTIDS.entityList.empty}
        >
          {!searching && canWrite && (
            <EmptyState.Actions>
              <Button leftSection={<IconPlus size={16} />} onClick={() => open("edit/-1")} data-testid={TESTIDS.entityList.emptyCreate}>
                {t("entityList.create")}
              </Button>
            </EmptyState.Actions>
          )}
        </EmptyState>
      );
    }
    return (
      <EntityTable
        entity={entity}
        items={page.items}
        state={state}
        onSort={(field) => update(toggleSort(state, field))}
        onOpen={(id) => open(`edit/${id}`)}
      />
    );
  };

  return (
    <Stack gap="md" data-testid={TESTIDS.entityList.page} data-entity={entity.name}>
      <Group justify="space-between" align="center" wrap="wrap">
        <Title order={2} size="h3">
          {t(entityTitleKey(entity))}
        </Title>
        <Group gap="xs">
          {entity.sortable && canWrite && (
            <Button variant="default" leftSection={<IconArrowsSort size={16} />} onClick={() => open("sort")} data-testid={TESTIDS.entityList.sort}>
              {t("entityList.sort")}
            </Button>
          )}
          {canWrite && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => open("edit/-1")} data-testid={TESTIDS.entityList.new}>
              {t("entityList.new")}
            </Button>
          )}
        </Group>
      </Group>
      <TextInput
        type="search"
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={fetching && page ? <Loader size="xs" aria-label={t("common.loading")} /> : null}
        placeholder={t("entityList.search")}
        aria-label={t("entityList.search")}
        value={searchInput}
        onChange={(event) => {
          setSearchInput(event.currentTarget.value);
          applySearch(event.currentTarget.value);
        }}
        maw={420}
        data-testid={TESTIDS.entityList.search}
      />
      {body()}
      {page && total > 0 && <ListPager total={total} page={state.page} pages={pages} onPage={(next) => update({ ...state, page: next })} />}
      <EntityProvider entity={entity} formPart={formPart}>
        <Outlet />
      </EntityProvider>
    </Stack>
  );
}
