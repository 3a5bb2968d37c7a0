import { useMemo } from "react";
import { useQuery } from "urql";
import { LOG_CALL_TYPES, LOG_SECTIONS } from "./log.graphql";

export interface SelectOption {
  value: string;
  label: string;
}

/** The call types (in their sort order) and sections a call log filter chooses from: the log's and a saved filter's form. */
export function useLogFilterOptions(): { typeOptions: SelectOption[]; sectionOptions: SelectOption[] } {
  const [{ data: typesData }] = useQuery({ query: LOG_CALL_TYPES });
  const [{ data: sectionsData }] = useQuery({ query: LOG_SECTIONS });
  const typeOptions = useMemo(
    () =>
      [...(typesData?.displayRelations.call_types ?? [])]
        .sort((a, b) => a.sort_order - b.sort_order || a.name.localeCompare(b.name))
        .map((type) => ({ value: String(type.id), label: type.name })),
    [typesData],
  );
  const sectionOptions = useMemo(
    () => (sectionsData?.callLogSections ?? []).map((s) => ({ value: String(s.id), label: s.name || `#${s.id}` })),
    [sectionsData],
  );
  return { typeOptions, sectionOptions };
}

/** The chosen option values as ids (positive integers only). */
export function optionIds(values: readonly string[]): number[] {
  return values.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0);
}
