import type { ReactNode } from "react";
import { ActionIcon, Tooltip } from "@mantine/core";
import { IconHistory } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { TOOLTIP_DELAY_MS } from "@caresuite/domain";
import * as TESTIDS from "../../testids";
import { openAuditLog } from "../../app/audit-log-state";

/** The top bar's audit-log button (spec "Application shell"; shown per showAuditLogButton). */
export function AuditLogButton(): ReactNode {
  const { t } = useTranslation();
  return (
    <Tooltip label={t("shell.auditLog")} openDelay={TOOLTIP_DELAY_MS}>
      <ActionIcon variant="subtle" color="gray" size="md" onClick={() => openAuditLog()} aria-label={t("shell.auditLog")} data-testid={TESTIDS.audit.button}>
        <IconHistory size={18} />
      </ActionIcon>
    </Tooltip>
  );
}
