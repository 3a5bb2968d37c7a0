import { Suspense, useCallback, useEffect, type ComponentType, type ReactNode } from "react";
import { Modal, type ModalProps } from "@mantine/core";
import { Outlet, useLocation, useMatches, useNavigate, type RouteObject } from "react-router";
import { useTranslation } from "react-i18next";
import * as TESTIDS from "../testids";
import { PageLoader } from "../ui/PageLoader";
import { auditLogOpen } from "./audit-log-state";
import { isInputFocused, modalCloseTarget, modalDepth, topModalMatchId } from "./modal-routes";
import type { ModalRouteMeta, RouteHandle } from "./route-handle";
import { usePhone } from "./use-phone";

interface ModalRouteProps {
  routeId: string;
  titleKey?: string;
  size?: ModalProps["size"];
  /** Full screen on phones (narrower than Mantine's sm breakpoint): for large forms. */
  phoneFullScreen?: boolean;
  children?: ReactNode;
}

// Mantine modals sit at z-index 200; each stacked level goes above the previous one.
const BASE_Z_INDEX = 200;

/**
 * Renders a child route as a modal over its parent (the parent keeps rendering underneath and
 * must contain an <Outlet/>). Closing navigates to the parent matched route; only the top modal
 * reacts to the backdrop and to Escape.
 */
export function ModalRoute({ routeId, titleKey, size = "lg", phoneFullScreen = false, children }: ModalRouteProps): ReactNode {
  const { t } = useTranslation();
  const matches = useMatches();
  const isTop = topModalMatchId(matches) === routeId;
  const depth = modalDepth(matches, routeId);
  const { close } = useModalRouteClose(routeId);
  // On a phone a large form takes the whole screen.
  const phone = usePhone();
  const fullScreen = phoneFullScreen && phone;

  useEffect(() => {
    if (!isTop) return undefined;
    const onKeyDown = (event: KeyboardEvent): void => {
      if (event.key !== "Escape" || isInputFocused(document.activeElement)) return;
      // The audit log opens above every route modal (z-index 300): Escape is its to take.
      if (auditLogOpen.get()) return;
      event.preventDefault();
      close();
    };
    // Capture: this sees the key before a modal above (the audit log) closes on it.
    window.addEventListener("keydown", onKeyDown, true);
    return () => window.removeEventListener("keydown", onKeyDown, true);
  }, [isTop, close]);

  return (
    <Modal
      opened
      onClose={close}
      // Escape is handled above so that focus in an input and stacking follow the spec.
      closeOnEscape={false}
      closeOnClickOutside={isTop}
      zIndex={BASE_Z_INDEX + depth * 10}
      size={size}
      fullScreen={fullScreen}
      title={titleKey ? t(titleKey) : undefined}
      // The close button is an icon: it needs a name (axe button-name).
      closeButtonProps={{ "aria-label": t("common.close") }}
      data-testid={TESTIDS.modalRoute}
      data-route-id={routeId}
    >
      <Suspense fallback={<PageLoader />}>{children ?? <Outlet />}</Suspense>
    </Modal>
  );
}

export interface ModalRouteClose {
  /** Goes to the parent matched route, query kept (spec: "Closing a modal goes to the parent matched route"). */
  close: () => void;
  /** The parent's path without the query, for siblings (e.g. `${parentPath}/edit/-1`). */
  parentPath: string | null;
}

/** Closing the modal route `routeId`, by default the top one: for the content's own buttons. */
export function useModalRouteClose(routeId?: string): ModalRouteClose {
  const matches = useMatches();
  const navigate = useNavigate();
  const { search } = useLocation();
  const id = routeId ?? topModalMatchId(matches);
  const close = useCallback(() => {
    const target = id === null ? null : modalCloseTarget(matches, id, search);
    if (target !== null) navigate(target);
  }, [matches, id, search, navigate]);
  return { close, parentPath: id === null ? null : modalCloseTarget(matches, id) };
}

export interface ModalRouteOptions extends ModalRouteMeta {
  id: string;
  path: string;
  titleKey?: string;
  size?: ModalProps["size"];
  phoneFullScreen?: boolean;
  Component: ComponentType;
  children?: RouteObject[];
}

/** Declares a modal child route; the parent route's element must render an <Outlet/>. */
export function modalRoute(options: ModalRouteOptions): RouteObject {
  const { id, path, titleKey, size, phoneFullScreen, Component, children, closePath, closeParams } = options;
  const handle: RouteHandle = { titleKey, modal: { closePath, closeParams } };
  return {
    id,
    path,
    handle,
    element: (
      <ModalRoute routeId={id} titleKey={titleKey} size={size} phoneFullScreen={phoneFullScreen}>
        <Component />
        {/* Nested modal routes render their own modal through this outlet. */}
        <Outlet />
      </ModalRoute>
    ),
    children,
  };
}
