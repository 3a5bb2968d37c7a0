import type { ComponentType } from "react";
import type { ModalProps } from "@mantine/core";
import type { EntityDef } from "@caresuite/domain";
import type { EntityRecord } from "./entity-documents";
import type { FormValue, FormValues } from "./form-values";

/**
 * A custom part inside an entity's generic form frame (below the generic fields, above the
 * alerts and buttons): what a registry field list cannot say, e.g. a checkpoint map's image and
 * its positioned checkpoints, or a button's face. The part reads the form's live values and may
 * change them; what it saves on its own (uploads, child records) it saves itself.
 */
export interface EntityFormPartProps {
  entity: EntityDef;
  /** The stored record; null while the record is new (not saved yet). */
  record: EntityRecord | null;
  values: FormValues;
  onChange: (name: string, value: FormValue) => void;
}

export interface EntityFormPart {
  Component: ComponentType<EntityFormPartProps>;
  /** A wider modal for the form (default: the modal route's). */
  size?: ModalProps["size"];
}
