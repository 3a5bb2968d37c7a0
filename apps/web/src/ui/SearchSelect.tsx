import type { ReactNode } from "react";
import { Loader, MultiSelect, Select, type ComboboxItem, type MultiSelectProps, type SelectProps } from "@mantine/core";

type SearchSelectProps<T extends string | number> = Omit<SelectProps<T>, "data" | "searchable" | "filter" | "onSearchChange" | "rightSection"> & {
  data: ComboboxItem<T>[];
  /** The typed text: the owner asks the server and gives back `data`. */
  onSearch: (text: string) => void;
  fetching: boolean;
};

/** Options arrive already matched by the server: the picker shows them as they are. */
const asGiven = ({ options }: { options: unknown[] }) => options as never;

/**
 * A picker over more records than a page holds (the tree's nodes, a site's call sources): it
 * lists what the server found for the typed text, with a spinner while it asks.
 */
export function SearchSelect<T extends string | number>({ data, onSearch, fetching, ...props }: SearchSelectProps<T>): ReactNode {
  return <Select<T> {...props} data={data} searchable filter={asGiven} onSearchChange={onSearch} rightSection={fetching ? <Loader size="xs" /> : undefined} />;
}

type SearchMultiSelectProps<T extends string | number> = Omit<MultiSelectProps<T>, "data" | "searchable" | "filter" | "onSearchChange" | "rightSection"> & {
  /** What the server found, the chosen values first (so their names show). */
  data: ComboboxItem<T>[];
  onSearch: (text: string) => void;
  fetching: boolean;
};

/** SearchSelect for several values (the call log's nodes). */
export function SearchMultiSelect<T extends string | number>({ data, onSearch, fetching, ...props }: SearchMultiSelectProps<T>): ReactNode {
  return (
    <MultiSelect<T> {...props} data={data} searchable filter={asGiven} onSearchChange={onSearch} rightSection={fetching ? <Loader size="xs" /> : undefined} />
  );
}
