import { useEffect, useState, type ReactNode } from "react";
import { Badge, Button, EmptyState, Group, Loader, Stack, Table, Text, TextInput, Title, Tooltip } from "@mantine/core";
import { useDebouncedCallback } from "@mantine/hooks";
import { IconLock, IconPlus, IconSearch, IconUsers } from "@tabler/icons-react";
import { Outlet, useNavigate, useSearchParams } from "react-router";
import { useQuery } from "urql";
import { useTranslation } from "react-i18next";
import { hasWritePermission } from "@caresuite/domain";
import { useAppData } from "../../../app/providers/AppDataProvider";
import { ListLoadError, ListLoading, ListPager, OpenableRow } from "../../../entity-admin/ListParts";
import { PAGE_SIZE, pageCount, readPagedSearch, writePagedSearch, type PagedSearch } from "../../../entity-admin/list-state";
import { TESTIDS } from "../../../testids";
import { ScrollTable } from "../../../entity-admin/ScrollTable";
import { USERS_CONTEXT, USERS_QUERY, type UserRecord } from "./users.graphql";

/** spec: the search box waits for a pause in typing. */
const SEARCH_DEBOUNCE_MS = 300;

function UserRow({ user, onOpen }: { user: UserRecord; onOpen: (id: number) => void }): ReactNode {
  const { t } = useTranslation();
  return (
    <OpenableRow id={user.id} name={user.username} onOpen={onOpen}>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={500}>
            {user.username}
          </Text>
          {!user.can_edit && (
            <Tooltip label={t("users.readOnlyRow")}>
              <IconLock size={14} color="var(--mantine-color-dimmed)" aria-label={t("users.readOnlyRow")} data-testid={TESTIDS.users.readOnly} />
            </Tooltip>
          )}
        </Group>
      </Table.Td>
      <Table.Td>{user.name}</Table.Td>
      <Table.Td>
        <Group gap={4}>
          {user.roles.length === 0 && <Text c="dimmed">–</Text>}
          {user.roles.map((role) => (
            <Badge key={role.id} variant="light" color="gray" tt="none">
              {role.name}
            </Badge>
          ))}
        </Group>
      </Table.Td>
      <Table.Td>
        <Group gap={4}>
          {user.is_superuser && (
            <Badge color="grape" data-testid={TESTIDS.users.superuser}>
              {t("users.superuser")}
            </Badge>
          )}
          {user.is_ldap && <Badge variant="outline">{t("users.ldap")}</Badge>}
          {user.password_is_temporary && (
            <Badge variant="outline" color="yellow">
              {t("users.temporary")}
            </Badge>
          )}
        </Group>
      </Table.Td>
    </OpenableRow>
  );
}

/** /admin/users: the accounts with their roles; the form opens as the modal route `edit/:id?`. */
export function UsersListPage(): ReactNode {
  const { t } = useTranslation();
  const { data: appData } = useAppData();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const state = readPagedSearch(params);
  const [searchInput, setSearchInput] = useState(state.search);

  const update = (next: PagedSearch): void => setParams(writePagedSearch(next), { replace: true });
  const applySearch = useDebouncedCallback((search: string) => {
    setParams(() => writePagedSearch({ search, page: 1 }), { replace: true });
  }, SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    if (!applySearch.isPending()) setSearchInput(state.search);
  }, [state.search, applySearch]);

  const search = state.search.trim();
  const [{ data, fetching, error }, reexecute] = useQuery({
    query: USERS_QUERY,
    variables: { search: search === "" ? null : search, offset: (state.page - 1) * PAGE_SIZE, limit: PAGE_SIZE },
    context: USERS_CONTEXT,
  });
  const page = data?.users;
  const pages = pageCount(page?.total ?? 0);

  // After deletes the page may lie beyond the end: show the last one instead.
  const beyondEnd = page !== undefined && page.items.length === 0 && state.page > pages;
  useEffect(() => {
    if (beyondEnd) setParams((current) => writePagedSearch({ ...readPagedSearch(current), page: pages }), { replace: true });
  }, [beyondEnd, pages, setParams]);

  const open = (path: string): void => {
    void navigate({ pathname: path, search: params.toString() });
  };

  const body = (): ReactNode => {
    if (error && !page) return <ListLoadError onRetry={() => reexecute({ requestPolicy: "network-only" })} />;
    if (!page) return <ListLoading />;
    if (page.items.length === 0 && !beyondEnd) {
      return (
        <EmptyState
          py="xl"
          icon={search ? <IconSearch size={28} /> : <IconUsers size={28} />}
          withIndicatorBackground
          title={search ? t("entityList.noResultsTitle") : t("entityList.emptyTitle")}
          description={search ? t("entityList.noResultsText", { search }) : t("entityList.emptyText")}
          data-testid={TESTIDS.entityList.empty}
        />
      );
    }
    return (
      <ScrollTable minWidth={560}>
        <Table highlightOnHover verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("users.fields.username")}</Table.Th>
              <Table.Th>{t("users.fields.name")}</Table.Th>
              <Table.Th>{t("users.fields.roles")}</Table.Th>
              <Table.Th>{t("users.properties")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {page.items.map((user) => (
              <UserRow key={user.id} user={user} onOpen={(id) => open(`edit/${id}`)} />
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
    );
  };

  return (
    <Stack gap="md" data-testid={TESTIDS.users.page}>
      <Group justify="space-between" align="center" wrap="wrap">
        <Title order={2} size="h3">
          {t("admin.nav.users")}
        </Title>
        {/* Level read shows the users; creating needs write (docs/decisions/009). */}
        {hasWritePermission(appData.user, "admin::manage_users") && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => open("edit/-1")} data-testid={TESTIDS.entityList.new}>
            {t("entityList.new")}
          </Button>
        )}
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
      {page && page.total > 0 && <ListPager total={page.total} page={state.page} pages={pages} onPage={(next) => update({ ...state, page: next })} />}
      <Outlet />
    </Stack>
  );
}
