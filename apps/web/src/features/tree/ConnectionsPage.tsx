import type { ReactNode } from "react";
import { Anchor, Group, Stack, Title } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import { Link, useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { routePathByName } from "@caresuite/domain";
import { TreeLoadState } from "./TreeLoadState";
import { ConnectionTable } from "./ConnectionTable";
import { useTreeData } from "./useTreeData";

/** /tree/connections (systemtree::manage_devices): devices, their linked device and connection kind; a row opens the node form. */
export function ConnectionsPage(): ReactNode {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { index, failed, retry } = useTreeData();

  let body: ReactNode;
  if (!index) {
    body = <TreeLoadState failed={failed} retry={retry} />;
  } else {
    body = <ConnectionTable index={index} onOpen={(id) => navigate(routePathByName("systemTreeNodeForm", { id }))} />;
  }

  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Anchor component={Link} to={routePathByName("treeView")} size="sm" style={{ display: "inline-flex", alignItems: "center", gap: 4 }}>
          <IconArrowLeft size={14} aria-hidden />
          {t("tree.title")}
        </Anchor>
      </Group>
      <Title order={2}>{t("tree.connectionsTitle")}</Title>
      {body}
    </Stack>
  );
}
