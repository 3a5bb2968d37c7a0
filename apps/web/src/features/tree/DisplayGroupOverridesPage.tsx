import type { ReactNode } from "react";
import { displayGroupOverride } from "@caresuite/domain";
import { EntityListPage } from "../../entity-admin/EntityListPage";

/**
 * /tree/displaygroupoverrides (spec route table; docs/decisions/022): the registry's generic list
 * of the overrides, read with systemtree::see_display_group_overrides; new, open and delete need
 * systemtree::manage_display_group_overrides (the form's route and the entity's edit permission).
 */
export function DisplayGroupOverridesPage(): ReactNode {
  return <EntityListPage entity={displayGroupOverride} />;
}
