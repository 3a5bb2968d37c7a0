import { useMemo, useState } from "react";
import type { ComboboxItem } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useQuery } from "urql";
import type { NodeChoicePurpose } from "@caresuite/domain";
import { NODE_CHOICES_QUERY, NODE_CONTEXT } from "./node-form.graphql";

/** How long typing rests before the picker asks the server. */
const CHOICES_DEBOUNCE_MS = 250;

export interface NodeChoices {
  options: ComboboxItem[];
  fetching: boolean;
  failed: boolean;
  onSearch: (text: string) => void;
  onOpen: () => void;
}

export const nodeChoiceLabel = (node: { id: number; name: string }): string => `${node.name} (#${node.id})`;

/**
 * The parent or linked-node picker's options, found on the server (systemTreeNodeChoices): a site
 * holds tens of thousands of nodes, the picker asks for at most fifty matching what was typed, and
 * only once it is opened, so the form shows without waiting for it. The current value's name comes
 * from the form's node (`currentName`); when it does not know it, the server is asked at once.
 */
export function useNodeChoices(purpose: NodeChoicePurpose, nodeId: number | null, current: number | null, currentName: string | null): NodeChoices {
  const [opened, setOpened] = useState(false);
  const [typed, setTyped] = useState("");
  const [search] = useDebouncedValue(typed, CHOICES_DEBOUNCE_MS);
  const currentLabel = current !== null && currentName !== null ? nodeChoiceLabel({ id: current, name: currentName }) : null;
  // The select shows the chosen node's label in its search box: that is no search, it opens on the first nodes.
  const asked = search === currentLabel ? "" : search.trim();
  const [{ data, fetching, error }] = useQuery({
    query: NODE_CHOICES_QUERY,
    variables: { purpose, node_id: nodeId, search: asked, include_id: current },
    context: NODE_CONTEXT,
    pause: !opened && (current === null || currentName !== null),
  });
  const options = useMemo(() => {
    const found = (data?.systemTreeNodeChoices ?? []).map((node) => ({ value: String(node.id), label: nodeChoiceLabel(node) }));
    const known = current !== null && currentLabel !== null && !found.some((option) => option.value === String(current));
    return known ? [{ value: String(current), label: currentLabel }, ...found] : found;
  }, [data, current, currentLabel]);
  return { options, fetching, failed: error !== undefined, onSearch: setTyped, onOpen: () => setOpened(true) };
}
