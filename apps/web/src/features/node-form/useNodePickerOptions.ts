import { useMemo } from "react";
import type { ComboboxItem } from "@mantine/core";
import { useQuery } from "urql";
import { NODE_CONTEXT, NODE_OPTIONS_QUERY } from "./node-form.graphql";
import { linkTargets, parentCandidates } from "./node-pickers";

export interface NodePickerOptions {
  parents: ComboboxItem[];
  linkable: ComboboxItem[];
}

/** The parent and linked-node pickers' options, from every node of the system. */
export function useNodePickerOptions(nodeId: number | null): NodePickerOptions {
  const [{ data }] = useQuery({ query: NODE_OPTIONS_QUERY, context: NODE_CONTEXT });
  return useMemo(() => {
    const nodes = data?.systemTreeNodes ?? [];
    const item = (node: { id: number; name: string }): ComboboxItem => ({ value: String(node.id), label: `${node.name} (#${node.id})` });
    return { parents: parentCandidates(nodes, nodeId).map(item), linkable: linkTargets(nodes, nodeId).map(item) };
  }, [data, nodeId]);
}
