import { addCataloguePart } from "../../../i18n";
import { SEARCH_CATALOGUE } from "../../../i18n/search-catalogue";
import { GlobalSearch } from "./GlobalSearch";

/** The search popup and its texts, loaded together on the first focus or Ctrl+K. */
export async function loadGlobalSearch(): Promise<typeof GlobalSearch> {
  await addCataloguePart(SEARCH_CATALOGUE);
  return GlobalSearch;
}
