import type { ReactNode } from "react";
import { useMutation } from "urql";
import { useTranslation } from "react-i18next";
import { useModalRouteClose } from "../app/ModalRoute";
import { notify } from "../ui/notify";
import { useEntity } from "./EntityContext";
import { SortList } from "./SortList";
import { cacheContext, listDocument, rootField, sortDocument, type EntityRecord } from "./entity-documents";
import { genericFailure, mutationFailure, type MutationFailure } from "./entity-errors";
import { useAllRecords } from "./useAllRecords";

const SORT_ORDER = { sort: "sort_order" };

/** The modal route `sort` of a sortable entity: order with up/down buttons, then Save. */
export function EntitySortPage(): ReactNode {
  const { t } = useTranslation();
  const entity = useEntity();
  const { close } = useModalRouteClose();
  // The sort mutation needs every id once: all pages, in the current order.
  const all = useAllRecords(entity, listDocument(entity, "ASC"), SORT_ORDER);
  const [{ fetching: saving }, sort] = useMutation(sortDocument(entity));

  const save = async (ids: number[]): Promise<MutationFailure | null> => {
    const result = await sort({ ids }, cacheContext(entity));
    if (result.error || result.data?.[rootField.sort(entity)] !== true) {
      return result.error ? mutationFailure(result.error, "sort", new Set()) : genericFailure("sort");
    }
    notify({ type: "success", title: t("entitySort.savedTitle"), text: t("entitySort.savedText") });
    close();
    return null;
  };

  return (
    <SortList<EntityRecord>
      items={all.items}
      total={all.total}
      loadFailed={all.error !== undefined}
      onRetry={all.retry}
      labelOf={(item) => String(item[entity.displayField] ?? `#${item.id}`)}
      saving={saving}
      onSave={save}
      onClose={close}
      kind={entity.name}
    />
  );
}
