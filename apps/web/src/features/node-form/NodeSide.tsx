import type { ReactNode } from "react";
import { Badge, Button, Group, Paper, Stack, Title } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { hasWritePermission, STRUCTURE_KINDS } from "@caresuite/domain";
import { useAppData } from "../../app/providers/AppDataProvider";
import * as TESTIDS from "../../testids";
import { NodeHealth } from "./NodeHealth";
import { NodeNotes } from "./NodeNotes";
import { NodeLinks, NodeOpenCalls } from "./NodeRelated";
import type { NodeView } from "./node-form.graphql";
import { newNodePath } from "./node-paths";

function Panel({ titleKey, count, children }: { titleKey: string; count?: number; children: ReactNode }): ReactNode {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-label={t(titleKey)}>
      <Group gap="xs" mb="xs">
        <Title order={3} size="h5">
          {t(titleKey)}
        </Title>
        {count !== undefined && count > 0 && (
          <Badge size="sm" variant="light" circle>
            {count}
          </Badge>
        )}
      </Group>
      {children}
    </Paper>
  );
}

/**
 * Devices report battery and reachability; structure (building, floor, group, room) does not, unless
 * something was reported for it anyway.
 */
function reportsHealth(node: NodeView): boolean {
  return !(STRUCTURE_KINDS as readonly string[]).includes(node.kind) || node.battery !== null || node.last_reachable_at !== null;
}

/** The node's state beside its settings: health, open calls, children, notes. */
export function NodeSide({ node, canAddChild }: { node: NodeView; canAddChild: boolean }): ReactNode {
  const { t } = useTranslation();
  const { data } = useAppData();
  const notes = node.notes.length > 0 ? node.notes : node.latest_note ? [node.latest_note] : [];
  return (
    <Stack gap="md">
      {reportsHealth(node) && (
        <Panel titleKey="nodeForm.sections.health">
          <NodeHealth facts={node} />
        </Panel>
      )}
      <Panel titleKey="nodeForm.sections.openCalls" count={node.open_calls.length}>
        <NodeOpenCalls nodeId={node.id} calls={node.open_calls} />
      </Panel>
      <Panel titleKey="nodeForm.sections.children" count={node.children.length}>
        <div data-testid={TESTIDS.nodeForm.children}>
          <NodeLinks nodes={node.children} emptyKey="nodeForm.children.empty" testId={TESTIDS.nodeForm.child} />
        </div>
        {canAddChild && (
          <Button
            component={Link}
            to={newNodePath(node.id)}
            variant="subtle"
            size="xs"
            mt="xs"
            leftSection={<IconPlus size={14} />}
            data-testid={TESTIDS.nodeForm.addChild}
          >
            {t("nodeForm.children.add")}
          </Button>
        )}
      </Panel>
      <Panel titleKey="nodeForm.sections.notes" count={notes.length}>
        <NodeNotes nodeId={node.id} nodeName={node.name} notes={notes} canAdd={hasWritePermission(data.user, "systemtree::use_module")} />
      </Panel>
    </Stack>
  );
}
