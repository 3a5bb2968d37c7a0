import { createContext, useContext } from "react";
import type { NodeFormField, NodeFormValues } from "./node-form-values";

/** What every input of the node form needs: its value, its setter, its error and whether it may change. */
export interface NodeFormState {
  /** The edited node; null for a new one. */
  nodeId: number | null;
  values: NodeFormValues;
  set: <K extends NodeFormField>(name: K, value: NodeFormValues[K]) => void;
  /** The translated first error of the field (spec §5 "the first message per field is shown"). */
  errorOf: (name: NodeFormField) => string | undefined;
  readOnly: (name: NodeFormField) => boolean;
}

export const NodeFormContext = createContext<NodeFormState | null>(null);

export function useNodeForm(): NodeFormState {
  const state = useContext(NodeFormContext);
  if (!state) throw new Error("useNodeForm outside the node form");
  return state;
}
