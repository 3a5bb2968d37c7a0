import { useEffect, type ReactNode } from "react";
import { Badge, Group, Table, Text, Tooltip } from "@mantine/core";
import { IconLock, IconUsers } from "@tabler/icons-react";
import { useNavigate, useSearchParams } from "react-router";
import { useQuery } from "urql";
import { useTranslation } from "react-i18next";
import { hasWritePermission } from "@caresuite/domain";
import { useAppData } from "../../../app/providers/AppDataProvider";
import { ListFrame } from "../../../entity-admin/ListFrame";
import { ListEmpty, ListNewButton, ListPager, OpenableRow } from "../../../entity-admin/ListParts";
import { PAGE_SIZE, pageCount, readPagedSearch, writePagedSearch, type PagedSearch } from "../../../entity-admin/list-state";
import * as TESTIDS from "../../../testids";
import { USERS_CONTEXT, USERS_QUERY, type UserRecord } from "./users.graphql";

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
  const update = (next: PagedSearch): void => setParams(writePagedSearch(next), { replace: true });

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

  return (
    <ListFrame
      testId={TESTIDS.users.page}
      title={t("admin.nav.users")}
      // Level read shows the users; creating needs write (docs/decisions/009).
      actions={hasWritePermission(appData.user, "admin::manage_users") && <ListNewButton onClick={() => open("edit/-1")} />}
      search={{
        value: state.search,
        onSearch: (next) => setParams(() => writePagedSearch({ search: next, page: 1 }), { replace: true }),
        busy: fetching && page !== undefined,
      }}
      loaded={page !== undefined}
      failed={Boolean(error)}
      onRetry={() => reexecute({ requestPolicy: "network-only" })}
      empty={page?.items.length === 0 && !beyondEnd && <ListEmpty icon={<IconUsers size={28} />} text={t("entityList.emptyText")} search={search} />}
      minWidth={560}
      table={() => (
        <>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("users.fields.username")}</Table.Th>
              <Table.Th>{t("users.fields.name")}</Table.Th>
              <Table.Th>{t("users.fields.roles")}</Table.Th>
              <Table.Th>{t("users.properties")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {page?.items.map((user) => (
              <UserRow key={user.id} user={user} onOpen={(id) => open(`edit/${id}`)} />
            ))}
          </Table.Tbody>
        </>
      )}
      footer={page && page.total > 0 && <ListPager total={page.total} page={state.page} pages={pages} onPage={(next) => update({ ...state, page: next })} />}
    />
  );
}
