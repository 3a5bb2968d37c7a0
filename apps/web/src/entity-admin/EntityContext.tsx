import { createContext, useContext, type ReactNode } from "react";
import type { EntityDef } from "@caresuite/domain";

const EntityContext = createContext<EntityDef | null>(null);

/** The list page provides its entity to the form and sort modals rendered through its outlet. */
export function EntityProvider({ entity, children }: { entity: EntityDef; children: ReactNode }): ReactNode {
  return <EntityContext value={entity}>{children}</EntityContext>;
}

export function useEntity(): EntityDef {
  const entity = useContext(EntityContext);
  if (!entity) throw new Error("useEntity outside an entity list");
  return entity;
}
