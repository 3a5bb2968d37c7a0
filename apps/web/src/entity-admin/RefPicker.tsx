import type { ReactNode } from "react";
import { MultiSelect, Select, type MultiSelectProps, type SelectProps } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { RefField, RefListField } from "@caresuite/domain";
import { SearchSelect } from "../ui/SearchSelect";
import { useRefChoices } from "./useRefChoices";

type Shared = "data" | "value" | "onChange" | "searchable" | "placeholder" | "nothingFoundMessage";

/** Options the server found for the typed text are shown as they are. */
const asGiven = ({ options }: { options: unknown[] }) => options as never;

/** A reference to one record (section, call source, schedule): every record, or a server search when there are many. */
export function RefPicker({
  field,
  value,
  onChange,
  ...props
}: Omit<SelectProps<number>, Shared> & { field: RefField; value: number | null; onChange: (id: number | null) => void }): ReactNode {
  const { t } = useTranslation();
  const choices = useRefChoices(field, value === null ? [] : [value]);
  const placeholder = choices.failed ? t("entityForm.optionsError") : choices.fetching && choices.options.length === 0 ? t("common.loading") : undefined;
  const shared = { ...props, data: choices.options, value, onChange, placeholder, nothingFoundMessage: t("entityForm.noOptions") };
  return choices.remote ? (
    <SearchSelect<number> {...shared} onSearch={choices.onSearch} fetching={choices.fetching} />
  ) : (
    <Select<number> {...shared} searchable />
  );
}

/** References to several records (display groups). */
export function RefsPicker({
  field,
  value,
  onChange,
  ...props
}: Omit<MultiSelectProps<number>, Shared> & { field: RefListField; value: number[]; onChange: (ids: number[]) => void }): ReactNode {
  const { t } = useTranslation();
  const choices = useRefChoices(field, value);
  const placeholder = choices.failed ? t("entityForm.optionsError") : choices.fetching && choices.options.length === 0 ? t("common.loading") : undefined;
  return (
    <MultiSelect<number>
      {...props}
      data={choices.options}
      value={value}
      onChange={onChange}
      searchable
      placeholder={placeholder}
      nothingFoundMessage={t("entityForm.noOptions")}
      {...(choices.remote ? { filter: asGiven, onSearchChange: choices.onSearch } : {})}
    />
  );
}
