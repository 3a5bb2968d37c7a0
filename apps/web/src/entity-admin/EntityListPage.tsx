import { useEffect, useMemo, type ReactNode } from "react";
import { Button, EmptyState } from "@mantine/core";
import { IconDatabaseOff, IconPlus } from "@tabler/icons-react";
import { Outlet, useNavigate, useSearchParams } from "react-router";
import { useQuery } from "urql";
import { useTranslation } from "react-i18next";
import { editPermissionOf, hasWritePermission, isLicensed, type EntityDef } from "@caresuite/domain";
import { useAppData } from "../app/providers/AppDataProvider";
import * as TESTIDS from "../testids";
import { EntityProvider } from "./EntityContext";
import { EntityTable } from "./EntityTable";
import { ListFrame } from "./ListFrame";
import { ListEmpty, ListNewButton, ListPager, ListSortButton } from "./ListParts";
import { cacheContext, listDocument, rootField } from "./entity-documents";
import { entityTitleKey } from "./entity-labels";
import type { EntityFormPart } from "./form-parts";
import { PAGE_SIZE, pageCount, readListState, toggleSort, writeListState, type ListState } from "./list-state";

/** Whether the user may create, change and delete records of the entity. */
export function useCanWrite(entity: EntityDef): boolean {
  const { data } = useAppData();
  return (
    // spec "Levels are hide, read, write": changes need the entity's permission at write (or its
    // own edit permission: display group overrides).
    hasWritePermission(data.user, editPermissionOf(entity)) && (entity.licence === undefined || isLicensed(data.licence, entity.licence, data.user))
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
  const search = state.search.trim();

  const update = (next: ListState): void => setParams(writeListState(entity, next), { replace: true });
  const applySearch = (next: string): void => {
    setParams((current) => writeListState(entity, { ...readListState(entity, current), search: next, page: 1 }), { replace: true });
  };

  const context = useMemo(() => cacheContext(entity), [entity]);
  const [{ data, fetching, error }, reexecute] = useQuery({
    query: listDocument(entity, state.direction),
    variables: { search: search === "" ? null : search, sort: state.sort, offset: (state.page - 1) * PAGE_SIZE, limit: PAGE_SIZE },
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
    void navigate({ pathname: path, search: params.toString() });
  };

  return (
    <ListFrame
      testId={TESTIDS.entityList.page}
      entity={entity.name}
      title={t(entityTitleKey(entity))}
      actions={
        canWrite && (
          <>
            {entity.sortable && <ListSortButton onClick={() => open("sort")} />}
            <ListNewButton onClick={() => open("edit/-1")} />
          </>
        )
      }
      search={{ value: state.search, onSearch: applySearch, busy: fetching && Boolean(page) }}
      loaded={Boolean(page)}
      failed={Boolean(error)}
      onRetry={() => reexecute({ requestPolicy: "network-only" })}
      empty={
        page?.items.length === 0 &&
        !beyondEnd && (
          <ListEmpty icon={<IconDatabaseOff size={28} />} text={t("entityList.emptyText")} search={search}>
            {canWrite && (
              <EmptyState.Actions>
                <Button leftSection={<IconPlus size={16} />} onClick={() => open("edit/-1")} data-testid={TESTIDS.entityList.emptyCreate}>
                  {t("entityList.create")}
                </Button>
              </EmptyState.Actions>
            )}
          </ListEmpty>
        )
      }
      minWidth={480}
      table={() =>
        page && (
          <EntityTable
            entity={entity}
            items={page.items}
            state={state}
            onSort={(field) => update(toggleSort(state, field))}
            // An entity with its own edit permission guards the form's route with it (route table).
            onOpen={canWrite || entity.editPermission === undefined ? (id) => open(`edit/${id}`) : undefined}
          />
        )
      }
      footer={page && total > 0 && <ListPager total={total} page={state.page} pages={pages} onPage={(next) => update({ ...state, page: next })} />}
      outlet={
        <EntityProvider entity={entity} formPart={formPart}>
          <Outlet />
        </EntityProvider>
      }
    />
  );
}
