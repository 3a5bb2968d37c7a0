/** What our route objects carry in `handle` (react-router leaves its shape to the app). */
export interface RouteHandle {
  /** i18n key of the page title (spec: "The page title is the translated title plus the product name"). */
  titleKey?: string;
  /** Present on routes rendered as a modal over their parent. */
  modal?: ModalRouteMeta;
}

/**
 * spec: "Closing a modal goes to the parent matched route. Route meta may list parameters to
 * reuse or rename when closing."
 */
export interface ModalRouteMeta {
  /**
   * Where closing goes instead of the parent match, as a pattern (e.g. "/tree/edit/:id").
   * Its parameters are filled from this route's own parameters of the same name, or renamed
   * through `closeParams`.
   */
  closePath?: string;
  /** Parameter renames for `closePath`: `{ targetParam: sourceParam }`, e.g. `{ id: "nodeid" }`. */
  closeParams?: Record<string, string>;
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === "object" && value !== null;
}

export function modalMeta(handle: unknown): ModalRouteMeta | null {
  return isRouteHandle(handle) && handle.modal ? handle.modal : null;
}

export function titleKeyOf(handle: unknown): string | null {
  return isRouteHandle(handle) && typeof handle.titleKey === "string" ? handle.titleKey : null;
}
