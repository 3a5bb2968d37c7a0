import type { ReactNode } from "react";
import { Alert, Anchor, Badge, Breadcrumbs, Group, List, Stack, Text, Title } from "@mantine/core";
import { IconLock } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import * as TESTIDS from "../../testids";
import { NodeKindIcon } from "./NodeKindIcon";
import type { NodeSummary } from "./node-form.graphql";
import { nodeFormPath } from "./node-paths";

interface NodeHeaderProps {
  kind: string;
  name: string;
  isEnabled: boolean;
  /** From the direct parent upwards (contract `parents`). */
  parents: readonly Pick<NodeSummary, "id" | "name">[];
  /** The buttons at the right (history, device actions). */
  tools?: ReactNode;
}

/** The kind icon, the name and the parent chain as a breadcrumb (top level first). */
export function NodeHeader({ kind, name, isEnabled, parents, tools }: NodeHeaderProps): ReactNode {
  const { t } = useTranslation();
  const chain = [...parents].reverse();
  return (
    <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap" data-testid={TESTIDS.nodeForm.header}>
      <Stack gap={4} style={{ minWidth: 0, flex: "1 1 16rem" }}>
        <Breadcrumbs separatorMargin={4} aria-label={t("nodeForm.breadcrumb")} data-testid={TESTIDS.nodeForm.breadcrumb} style={{ flexWrap: "wrap" }}>
          {chain.length === 0 ? (
            <Text size="xs" c="dimmed">
              {t("nodeForm.topLevel")}
            </Text>
          ) : (
            chain.map((parent) => (
              <Anchor key={parent.id} component={Link} to={nodeFormPath(parent.id)} size="xs" data-testid={TESTIDS.nodeForm.breadcrumbItem} data-id={parent.id}>
                {parent.name}
              </Anchor>
            ))
          )}
        </Breadcrumbs>
        <Group gap="xs" wrap="wrap">
          <NodeKindIcon kind={kind} size={22} />
          <Title order={2} size="h3" style={{ overflowWrap: "break-word", minWidth: 0 }}>
            {name || t("nodeForm.newTitle")}
          </Title>
          <Badge variant="light" color="gray" tt="none">
            {t(`nodeForm.kinds.${kind}`, { defaultValue: kind })}
          </Badge>
          {!isEnabled && (
            <Badge variant="light" color="orange" tt="none">
              {t("nodeForm.disabled")}
            </Badge>
          )}
        </Group>
      </Stack>
      {tools && <Group gap="xs">{tools}</Group>}
    </Group>
  );
}

/**
 * spec data §5 "Editing is blocked for elements with open calls, an active override, or inherited
 * data": says why, in words, before anyone tries.
 */
export function BlockedBanner({ reasons }: { reasons: readonly string[] }): ReactNode {
  const { t } = useTranslation();
  if (reasons.length === 0) return null;
  return (
    <Alert
      color="yellow"
      icon={<IconLock size={18} />}
      title={t("nodeForm.blocked.title")}
      data-testid={TESTIDS.nodeForm.blocked}
      data-reasons={reasons.join(",")}
    >
      <List size="sm">
        {reasons.map((reason) => (
          <List.Item key={reason}>{t(`nodeForm.blocked.${reason}`, { defaultValue: reason })}</List.Item>
        ))}
      </List>
    </Alert>
  );
}

/** spec §6 "field-level: not-allowed fields are read-only": says so, so greyed fields are no riddle. */
export function ReadOnlyNotice({ none }: { none: boolean }): ReactNode {
  const { t } = useTranslation();
  return (
    <Alert color="gray" variant="light" icon={<IconLock size={18} />} data-testid={TESTIDS.nodeForm.readOnly} data-all={none}>
      <Text size="sm">{none ? t("nodeForm.readOnly") : t("nodeForm.readOnlySome")}</Text>
    </Alert>
  );
}
