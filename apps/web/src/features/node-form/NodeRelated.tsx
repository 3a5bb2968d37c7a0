import type { ReactNode } from "react";
import { Badge, Box, Group, NavLink, Stack, Text } from "@mantine/core";
import { IconChevronRight } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatDateTime } from "../../i18n/format";
import * as TESTIDS from "../../testids";
import { NodeKindIcon } from "./NodeKindIcon";
import type { NodeOpenCall, NodeSummary } from "./node-form.graphql";
import { nodeCallPath, nodeFormPath } from "./node-paths";

/** Nodes as links to their forms (children, linking nodes). */
export function NodeLinks({ nodes, emptyKey, testId }: { nodes: readonly NodeSummary[]; emptyKey: string; testId: string }): ReactNode {
  const { t } = useTranslation();
  if (nodes.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t(emptyKey)}
      </Text>
    );
  }
  return (
    <Box component="ul" m={0} p={0} style={{ listStyle: "none" }}>
      {nodes.map((node) => (
        <li key={node.id}>
          <NavLink
            component={Link}
            to={nodeFormPath(node.id)}
            label={node.name}
            description={`${t(`nodeForm.kinds.${node.kind}`, { defaultValue: node.kind })}${node.number === null ? "" : ` · ${node.number}`}`}
            leftSection={<NodeKindIcon kind={node.kind} />}
            rightSection={
              <Group gap={4} wrap="nowrap">
                {!node.is_enabled && (
                  <Badge size="xs" color="gray" variant="light">
                    {t("nodeForm.disabled")}
                  </Badge>
                )}
                <IconChevronRight size={14} aria-hidden />
              </Group>
            }
            data-testid={testId}
            data-id={node.id}
          />
        </li>
      ))}
    </Box>
  );
}

/** The node's open calls (its own and its descendants'); each opens the call form below the node. */
export function NodeOpenCalls({ nodeId, calls }: { nodeId: number; calls: readonly NodeOpenCall[] }): ReactNode {
  const { t } = useTranslation();
  if (calls.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t("nodeForm.openCalls.empty")}
      </Text>
    );
  }
  return (
    <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: "none" }} data-testid={TESTIDS.nodeForm.openCalls}>
      {calls.map((call) => (
        <li key={call.id}>
          <NavLink
            component={Link}
            to={nodeCallPath(nodeId, call.id)}
            label={call.device_text_long || call.device_text_short || String(call.number)}
            description={`${call.call_type?.name ?? ""} · ${t("nodeForm.openCalls.since", { time: formatDateTime(call.opened_at) })}`}
            leftSection={<Box w={12} h={12} style={{ borderRadius: "50%", background: call.call_type?.color ?? "var(--mantine-color-gray-6)" }} />}
            rightSection={<IconChevronRight size={14} aria-hidden />}
            data-testid={TESTIDS.nodeForm.openCall}
            data-id={call.id}
          />
        </li>
      ))}
    </Stack>
  );
}
