import { createContext, useContext, type ReactNode } from "react";
import type { EntityDef } from "@caresuite/domain";
import type { EntityFormPart } from "./form-parts";

const EntityContext = createContext<EntityDef | null>(null);
const FormPartContext = createContext<EntityFormPart | null>(null);

/**
 * The list page provides its entity to the form and sort modals rendered through its outlet,
 * and the entity's custom form part, if it has one.
 */
export function EntityProvider({ entity, formPart = null, children }: { entity: EntityDef; formPart?: EntityFormPart | null; children: ReactNode }): ReactNode {
  return (
    <EntityContext value={entity}>
      <FormPartContext value={formPart}>{children}</FormPartContext>
    </EntityContext>
  );
}

export function useEntity(): EntityDef {
  const entity = useContext(EntityContext);
  if (!entity) throw new Error("useEntity outside an entity list");
  return entity;
}

/** The custom part of the entity's form, or null. */
export function useEntityFormPart(): EntityFormPart | null {
  return useContext(FormPartContext);
}
