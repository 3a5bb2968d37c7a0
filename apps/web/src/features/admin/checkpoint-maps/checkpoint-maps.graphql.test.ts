import type { DocumentNode } from "graphql";
import { describe, expect, it } from "vitest";
import { checkpoint, checkpointMap } from "@caresuite/domain";
import { recordSelection } from "../../../entity-admin/entity-documents";
import { CHECKPOINT_FIELDS, CHECKPOINT_MAP_FIELDS } from "./checkpoint-maps.graphql";

/** The fields a fragment selects, in order. */
function fieldsOf(document: DocumentNode): string[] {
  const [fragment] = document.definitions;
  if (fragment?.kind !== "FragmentDefinition") throw new Error("not a fragment");
  return fragment.selectionSet.selections.flatMap((selection) => (selection.kind === "Field" ? [selection.name.value] : []));
}

describe("checkpoint map documents", () => {
  // The map's records go into the registry's form and update documents: the same fields.
  it.each([
    ["checkpoint", CHECKPOINT_FIELDS, checkpoint],
    ["checkpointMap", CHECKPOINT_MAP_FIELDS, checkpointMap],
  ] as const)("%s selects what the registry's record documents select", (_name, fragment, entity) => {
    expect(fieldsOf(fragment).sort()).toEqual(recordSelection(entity).split(" ").sort());
  });
});
