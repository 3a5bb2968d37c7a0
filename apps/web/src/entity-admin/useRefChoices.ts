import { useEffect, useMemo, useState } from "react";
import type { ComboboxItem } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useTranslation } from "react-i18next";
import { useClient, useQuery } from "urql";
import { entityByName, type EntityDef, type RefField, type RefListField } from "@caresuite/domain";
import { cacheContext, optionsDocument, recordDocument, rootField, type EntityRecord } from "./entity-documents";
import { sentinelLabelKey } from "./entity-labels";
import { ALL_PAGE_SIZE } from "./list-state";

/** How long typing rests before a big entity's picker asks the server. */
const SEARCH_DEBOUNCE_MS = 250;
/** How many records a searching picker lists at once. */
const SEARCH_LIMIT = 50;

const NO_RECORDS: readonly EntityRecord[] = [];
const NO_SENTINELS: readonly { id: number; label: string }[] = [];

export interface RefChoices {
  options: ComboboxItem<number>[];
  fetching: boolean;
  failed: boolean;
  /** More records than one page: the options are what the server found for the typed text. */
  remote: boolean;
  onSearch: (text: string) => void;
}

const labelOf = (entity: EntityDef, record: EntityRecord): string => {
  const label = record[entity.displayField];
  return label !== undefined && label !== null && label !== "" ? String(label) : `#${record.id}`;
};

/** The display names of `ids`, one record query each (a form shows one or a few chosen records). */
function useRecordLabels(entity: EntityDef | undefined, ids: readonly number[]): ReadonlyMap<number, string> {
  const client = useClient();
  const [labels, setLabels] = useState<ReadonlyMap<number, string>>(new Map());
  const key = ids.join(",");
  useEffect(() => {
    if (!entity || key === "") return undefined;
    let live = true;
    void Promise.all(
      key.split(",").map(async (id) => {
        const result = await client.query(recordDocument(entity), { id: Number(id) }, cacheContext(entity)).toPromise();
        const record = result.data?.[rootField.record(entity)];
        return record ? ([record.id, labelOf(entity, record)] as const) : null;
      }),
    ).then((found) => {
      if (live) setLabels(new Map(found.filter((entry) => entry !== null)));
    });
    return () => {
      live = false;
    };
  }, [client, entity, key]);
  return labels;
}

/**
 * A form's reference picker (section, call source, schedule, display groups): the sentinels
 * (e.g. "255 none") first, then the records by their display field. An entity that fits one page
 * is read whole and filtered as the user types; a bigger one (a site's thousands of call sources)
 * is searched on the server, and the chosen records' names are read one by one.
 */
export function useRefChoices(field: RefField | RefListField, selected: readonly number[]): RefChoices {
  const { t } = useTranslation();
  const entity = entityByName(field.entity);
  const document = entity ? optionsDocument(entity) : undefined;
  const context = useMemo(() => (entity ? cacheContext(entity) : undefined), [entity]);
  const [typed, setTyped] = useState("");
  const [search] = useDebouncedValue(typed.trim(), SEARCH_DEBOUNCE_MS);

  const [first] = useQuery({ query: document!, variables: { offset: 0, limit: ALL_PAGE_SIZE }, context, pause: !document });
  const page = entity ? first.data?.[rootField.list(entity)] : undefined;
  const remote = page !== undefined && page !== null && page.total > page.items.length;
  const [found] = useQuery({
    query: document!,
    variables: { search, offset: 0, limit: SEARCH_LIMIT },
    context,
    pause: !document || !remote || search === "",
  });
  const records = (remote && search !== "" ? found.data?.[rootField.list(entity!)]?.items : page?.items) ?? NO_RECORDS;

  const sentinels = (field.kind === "ref" ? field.sentinels : undefined) ?? NO_SENTINELS;
  const missing = remote ? selected.filter((id) => !sentinels.some((s) => s.id === id) && !records.some((r) => r.id === id)) : [];
  const labels = useRecordLabels(entity, missing);

  const options = useMemo((): ComboboxItem<number>[] => {
    if (!entity) return [];
    const result: ComboboxItem<number>[] = sentinels.map((s) => ({ value: s.id, label: t(sentinelLabelKey(s.label)) }));
    for (const record of records) result.push({ value: record.id, label: labelOf(entity, record) });
    // A chosen record the list does not hold: by name when it could be read, else by id (a user
    // who may not read sections still sees which one is set).
    for (const id of selected) if (!result.some((option) => option.value === id)) result.push({ value: id, label: labels.get(id) ?? `#${id}` });
    return result;
  }, [entity, sentinels, records, selected, labels, t]);

  return {
    options,
    fetching: first.fetching || found.fetching,
    failed: entity === undefined || (first.error ?? found.error) !== undefined,
    remote,
    onSearch: setTyped,
  };
}
