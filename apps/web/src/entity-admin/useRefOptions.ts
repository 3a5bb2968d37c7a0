import { useMemo } from "react";
import type { ComboboxItem } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { entityByName, type RefField, type RefListField } from "@caresuite/domain";
import { optionsDocument } from "./entity-documents";
import { sentinelLabelKey } from "./entity-labels";
import { useAllRecords } from "./useAllRecords";

export interface RefOptions {
  options: ComboboxItem<number>[];
  fetching: boolean;
  failed: boolean;
  /** The label of an id (sentinel, record or the bare id while loading). */
  labelOf: (id: number) => string;
}

/**
 * The options of a reference field: the sentinels (e.g. "255 none") first, then every record of
 * the referenced entity labelled by its display field.
 */
export function useRefOptions(field: RefField | RefListField): RefOptions {
  const { t } = useTranslation();
  const target = entityByName(field.entity);
  const { items, error } = useAllRecords(target, target ? optionsDocument(target) : undefined);
  const sentinels = field.kind === "ref" ? field.sentinels : undefined;

  const options = useMemo((): ComboboxItem<number>[] => {
    const result: ComboboxItem<number>[] = (sentinels ?? []).map((s) => ({ value: s.id, label: t(sentinelLabelKey(s.label)) }));
    for (const item of items ?? []) {
      const label = target ? item[target.displayField] : undefined;
      result.push({ value: item.id, label: label !== undefined && label !== null && label !== "" ? String(label) : `#${item.id}` });
    }
    return result;
  }, [items, sentinels, target, t]);

  const labels = useMemo(() => new Map(options.map((o) => [o.value, o.label])), [options]);
  return {
    options,
    fetching: items === null && error === undefined && target !== undefined,
    failed: target === undefined || error !== undefined,
    labelOf: (id) => labels.get(id) ?? `#${id}`,
  };
}
