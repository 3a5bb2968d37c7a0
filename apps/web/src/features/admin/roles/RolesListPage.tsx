import type { ReactNode } from "react";
import { Badge, Group, Table, Text, Tooltip } from "@mantine/core";
import { IconLock, IconShieldOff } from "@tabler/icons-react";
import { useNavigate } from "react-router";
import { useQuery } from "urql";
import { useTranslation } from "react-i18next";
import { hasWritePermission } from "@caresuite/domain";
import { useAppData } from "../../../app/providers/AppDataProvider";
import { ListFrame } from "../../../entity-admin/ListFrame";
import { ListEmpty, ListNewButton, ListSortButton, OpenableRow } from "../../../entity-admin/ListParts";
import * as TESTIDS from "../../../testids";
import { ROLES_CONTEXT, ROLES_QUERY, type RoleRecord } from "./roles.graphql";

function RoleRow({ role, rank, onOpen }: { role: RoleRecord; rank: number; onOpen: (id: number) => void }): ReactNode {
  const { t } = useTranslation();
  const granted = role.permissions.filter((p) => p.level !== "hide").length;
  return (
    <OpenableRow id={role.id} name={role.name} onOpen={onOpen}>
      <Table.Td c="dimmed" w={48}>
        {rank}.
      </Table.Td>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={500}>
            {role.name}
          </Text>
          {!role.can_edit && (
            <Tooltip label={t("roles.readOnlyRow")}>
              <IconLock size={14} color="var(--mantine-color-dimmed)" aria-label={t("roles.readOnlyRow")} />
            </Tooltip>
          )}
        </Group>
      </Table.Td>
      <Table.Td data-testid={TESTIDS.roles.userCount}>{role.user_count}</Table.Td>
      <Table.Td>
        <Badge variant="light" color={granted > 0 ? "blue" : "gray"}>
          {t("roles.grantedCount", { count: granted })}
        </Badge>
      </Table.Td>
    </OpenableRow>
  );
}

/**
 * /admin/roles: the roles by rank (sort_order; a role manages the roles and users below it),
 * with their user counts. Form and sort are modal routes.
 */
export function RolesListPage(): ReactNode {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: appData } = useAppData();
  const [{ data, error }, reexecute] = useQuery({ query: ROLES_QUERY, variables: {}, context: ROLES_CONTEXT });
  const roles = data ? [...data.roles].sort((a, b) => a.sort_order - b.sort_order) : undefined;
  const open = (path: string): void => {
    void navigate(path);
  };

  return (
    <ListFrame
      testId={TESTIDS.roles.page}
      title={t("admin.nav.roles")}
      actions={
        <>
          {/* spec: "sort only for superusers". */}
          {appData.user.is_superuser && <ListSortButton onClick={() => open("sort")} />}
          {/* Level read shows the roles; creating needs write (docs/decisions/009). */}
          {hasWritePermission(appData.user, "admin::manage_roles") && <ListNewButton onClick={() => open("edit/-1")} />}
        </>
      }
      notice={
        <Text size="sm" c="dimmed">
          {t("roles.intro")}
        </Text>
      }
      loaded={roles !== undefined}
      failed={Boolean(error)}
      onRetry={() => reexecute({ requestPolicy: "network-only" })}
      empty={roles?.length === 0 && <ListEmpty icon={<IconShieldOff size={28} />} text={t("roles.emptyText")} />}
      minWidth={480}
      table={() => (
        <>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("roles.rank")}</Table.Th>
              <Table.Th>{t("roles.fields.name")}</Table.Th>
              <Table.Th>{t("roles.userCount")}</Table.Th>
              <Table.Th>{t("roles.fields.permissions")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {roles?.map((role, index) => (
              <RoleRow key={role.id} role={role} rank={index + 1} onOpen={(id) => open(`edit/${id}`)} />
            ))}
          </Table.Tbody>
        </>
      )}
      footer={
        roles &&
        roles.length > 0 && (
          <Text size="sm" c="dimmed" data-testid={TESTIDS.entityList.total}>
            {t("entityList.total", { total: roles.length })}
          </Text>
        )
      }
    />
  );
}
