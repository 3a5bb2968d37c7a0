import { useState, type ReactNode } from "react";
import { Anchor, Badge, Group, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { permissionLabelKey } from "../../i18n/permission-labels";
import * as TESTIDS from "../../testids";
import type { AuditDisplay, AuditItem } from "./audit-view";

function ItemText({ item }: { item: AuditItem }): ReactNode {
  const { t } = useTranslation();
  switch (item.kind) {
    case "text":
      return item.text;
    case "key":
      return t(item.key, { defaultValue: item.fallback });
    case "permission":
      return t("audit.permissionLevel", { permission: t(permissionLabelKey(item.code)), level: t(`roles.levels.${item.level}`) });
  }
}

/** One old or new value of a change: translated, dates formatted, lists collapsed to 2 items. */
export function AuditValueView({ display }: { display: AuditDisplay }): ReactNode {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  switch (display.kind) {
    case "empty":
      return (
        <Text span c="dimmed">
          –
        </Text>
      );
    case "date":
      return display.text;
    case "item":
      return <ItemText item={display.item} />;
    case "list": {
      if (display.all.length === 0)
        return (
          <Text span c="dimmed">
            –
          </Text>
        );
      const items = expanded ? display.all : display.shown;
      return (
        <Group gap={4}>
          {items.map((item, index) => (
            <Badge key={index} variant="light" color="gray" tt="none" fw={500} style={{ maxWidth: "100%" }}>
              <ItemText item={item} />
            </Badge>
          ))}
          {display.more > 0 && (
            <Anchor
              component="button"
              type="button"
              size="xs"
              onClick={(event) => {
                // The entry's header toggles on click; this link only toggles the list.
                event.stopPropagation();
                setExpanded((value) => !value);
              }}
              data-testid={TESTIDS.audit.showMore}
            >
              {expanded ? t("audit.showLess") : t("audit.showMore", { count: display.more })}
            </Anchor>
          )}
        </Group>
      );
    }
  }
}
