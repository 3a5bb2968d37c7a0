import type { ReactNode } from "react";
import { Loader, Select, type ComboboxItem, type SelectProps } from "@mantine/core";

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
