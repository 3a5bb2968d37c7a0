import type { ReactNode } from "react";
import { Badge } from "@mantine/core";
import { IconAlertSquareRounded, IconCircleCheck, IconInfoCircle, IconUrgent } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import type { IncidentSeverity, IncidentStatus } from "@caresuite/domain";
import { severityColor, severityTextColor, statusColor } from "./incident-view";

const SEVERITY_ICONS = { Critical: IconUrgent, Warning: IconAlertSquareRounded, Info: IconInfoCircle } as const;

/** The severity as a coloured badge with its word and icon (colour is never the only cue). */
export function SeverityBadge({ severity }: { severity: IncidentSeverity }): ReactNode {
  const { t } = useTranslation();
  const Icon = SEVERITY_ICONS[severity];
  return (
    <Badge
      color={severityColor(severity)}
      c={severityTextColor(severity)}
      variant="filled"
      leftSection={<Icon size={14} aria-hidden="true" />}
      data-severity={severity}
    >
      {t(`incidents.severity.${severity}`)}
    </Badge>
  );
}

export function StatusBadge({ status }: { status: IncidentStatus }): ReactNode {
  const { t } = useTranslation();
  return (
    <Badge
      color={statusColor(status)}
      variant="light"
      leftSection={status === "Closed" ? <IconCircleCheck size={14} aria-hidden="true" /> : undefined}
      data-status={status}
    >
      {t(`incidents.status.${status}`)}
    </Badge>
  );
}
