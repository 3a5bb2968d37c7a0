import type { ReactNode } from "react";
import { ColorSwatch, Group, Text } from "@mantine/core";
import { IconCheck, IconMinus } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import type { EntityDef, FieldDef, RefField, RefListField } from "@caresuite/domain";
import { formatDate, formatDateTime } from "../i18n/format";
import { enumLabelKey, unitKey } from "./entity-labels";
import { useRefOptions } from "./useRefOptions";

interface EntityCellProps {
  entity: EntityDef;
  name: string;
  field: FieldDef;
  value: unknown;
}

/** How many referenced names a list cell spells out before "+n". */
const REFS_SHOWN = 3;

function RefCell({ field, value }: { field: RefField | RefListField; value: unknown }): ReactNode {
  const { labelOf } = useRefOptions(field);
  const ids = Array.isArray(value) ? value.filter((id): id is number => typeof id === "number") : typeof value === "number" ? [value] : [];
  if (ids.length === 0) return <Text c="dimmed">–</Text>;
  const shown = ids.slice(0, REFS_SHOWN).map(labelOf).join(", ");
  return ids.length > REFS_SHOWN ? `${shown} +${ids.length - REFS_SHOWN}` : shown;
}

/** One list cell, rendered by the field's kind (colours as swatches, options translated, refs by name). */
export function EntityCell({ entity, name, field, value }: EntityCellProps): ReactNode {
  const { t } = useTranslation();
  if (value === null || value === undefined || value === "") {
    return field.kind === "bool" ? <IconMinus size={16} aria-label={t("entityList.no")} /> : <Text c="dimmed">–</Text>;
  }
  switch (field.kind) {
    case "bool":
      return value === true ? (
        <IconCheck size={16} aria-label={t("entityList.yes")} color="var(--mantine-color-green-7)" />
      ) : (
        <IconMinus size={16} aria-label={t("entityList.no")} color="var(--mantine-color-dimmed)" />
      );
    case "enum":
      return t(enumLabelKey(entity, name, field, String(value)), { defaultValue: String(value) });
    case "int":
      return field.unit ? `${String(value)} ${t(unitKey(field.unit))}` : String(value);
    case "ref":
    case "refs":
      return <RefCell field={field} value={value} />;
    case "text":
      if (field.format === "color") {
        return (
          <Group gap={6} wrap="nowrap">
            <ColorSwatch color={String(value)} size={16} aria-hidden />
            <Text size="sm" ff="monospace">
              {String(value)}
            </Text>
          </Group>
        );
      }
      if (field.format === "date") {
        // A calendar day, not an instant: read it as local midnight.
        const [year, month, day] = String(value).split("-").map(Number);
        return formatDate(new Date(year ?? 0, (month ?? 1) - 1, day ?? 1)) || String(value);
      }
      if (field.format === "datetime") return formatDateTime(String(value)) || String(value);
      return String(value);
    default:
      return String(value);
  }
}
