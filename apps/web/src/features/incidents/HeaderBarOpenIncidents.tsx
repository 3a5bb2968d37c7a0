import { useEffect, useRef, type ReactNode } from "react";
import { Badge, Tooltip } from "@mantine/core";
import { IconAlertSquareRounded, IconInfoCircle, IconUrgent } from "@tabler/icons-react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { useQuery } from "urql";
import { incidentIndicator, TOOLTIP_DELAY_MS } from "@caresuite/domain";
import { useIncidentPushes } from "../../app/incident-updates";
import { usePhone } from "../../app/use-phone";
import { severityColor, severityTextColor } from "./incident-view";
import { HEADER_BAR_OPEN_INCIDENTS } from "./incidents.graphql";
import { INCIDENTS_TESTIDS } from "./incidents-testids";

const ICONS = { Critical: IconUrgent, Warning: IconAlertSquareRounded, Info: IconInfoCircle } as const;

/**
 * The top bar's incident indicator (spec "Application shell"; shown per the domain's
 * showIncidentIndicator, loaded lazily by the shell). spec: "Critical if any new critical
 * incident, else Warning if any new warning, else Info. It refetches on incident updates." Nothing
 * New: no indicator. It reads the Open incidents (docs/decisions/035-incident-screens.md) and
 * links to the list.
 */
export function HeaderBarOpenIncidents(): ReactNode {
  const { t } = useTranslation();
  const [{ data }, reexecute] = useQuery({ query: HEADER_BAR_OPEN_INCIDENTS, requestPolicy: "cache-and-network" });
  const pushes = useIncidentPushes();
  const phone = usePhone();
  const seen = useRef(pushes);
  useEffect(() => {
    if (pushes === seen.current) return;
    seen.current = pushes;
    reexecute({ requestPolicy: "network-only" });
  }, [pushes, reexecute]);

  const level = data ? incidentIndicator(data.incidents) : null;
  if (!level) return null;
  const Icon = ICONS[level];
  const levelText = t(`incidents.severity.${level}`);
  const label = t("incidents.indicator.label", { level: levelText });
  // On a phone the badge shows the level alone (the link's name and the tooltip say what it counts),
  // so that the top bar's indicators fit beside the system's name.
  return (
    <Tooltip label={t("incidents.indicator.tooltip", { level: levelText })} openDelay={TOOLTIP_DELAY_MS}>
      <Badge
        component={Link}
        to="/analytics/incidents"
        color={severityColor(level)}
        c={severityTextColor(level)}
        variant="filled"
        size="lg"
        radius="sm"
        leftSection={<Icon size={14} aria-hidden="true" />}
        style={{ cursor: "pointer", textTransform: "none" }}
        data-testid={INCIDENTS_TESTIDS.indicator}
        data-level={level}
        aria-label={phone ? label : undefined}
      >
        {phone ? levelText : label}
      </Badge>
    </Tooltip>
  );
}
