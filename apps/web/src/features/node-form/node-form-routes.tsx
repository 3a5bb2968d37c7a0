import type { RouteObject } from "react-router";
import { lazyPage } from "../../app/lazy-page";
import { modalRoute } from "../../app/ModalRoute";
import type { RouteHandle } from "../../app/route-handle";

// Each screen loads with the form's code and texts (node-form-module.ts): none of it is in the
// /login bundle, nor in the tree's first chunk.
const NodeFormPage = lazyPage(async () => (await import("./node-form-module")).loadNodeFormPage(), "NodeFormPage");
const NodeCallPage = lazyPage(async () => (await import("./node-form-module")).loadNodeCallPage(), "NodeCallPage");
const NodeFlightProfilePage = lazyPage(async () => (await import("./node-form-module")).loadNodeFlightProfilePage(), "NodeFlightProfilePage");
const NodeAuditRoute = lazyPage(async () => (await import("./node-form-module")).loadNodeAuditRoute(), "NodeAuditRoute");

/** Closing a node's child route goes back to the node's form (the `nodeid` parameter). */
const BACK_TO_NODE = { closePath: "/tree/edit/:id", closeParams: { id: "nodeid" } };

/**
 * The node form's routes, relative to /tree (spec route table): "/tree/edit/:id? | | node
 * form", "/tree/edit/:nodeid/flightprofiles/:id? | admin::manage_flightprofiles",
 * "/tree/edit/:nodeid/calls/:id?", "/tree/audit | admin::see_auditlog". Permissions are the
 * guard's, from the domain's route table; the tree composes these as children of /tree, whose
 * element renders an <Outlet/> for the modals.
 */
export function nodeFormRoutes(): RouteObject[] {
  // The form opens from the tree: fetch its code and texts while the tree is read ("the node form
  // ≤ 200 ms after the click", bench/tree.ts), not on the first click.
  void NodeFormPage.preload();
  const auditHandle: RouteHandle = { titleKey: "nodeFormRoutes.audit" };
  return [
    // A phone (390 px wide) has no room around a form of this size: it takes the whole screen there.
    modalRoute({ id: "tree.node.edit", path: "edit/:id?", titleKey: "nodeFormRoutes.form", size: "80rem", phoneFullScreen: true, Component: NodeFormPage }),
    modalRoute({
      id: "tree.node.flightprofile",
      path: "edit/:nodeid/flightprofiles/:id?",
      titleKey: "nodeFormRoutes.flightProfile",
      Component: NodeFlightProfilePage,
      ...BACK_TO_NODE,
    }),
    modalRoute({ id: "tree.node.call", path: "edit/:nodeid/calls/:id?", titleKey: "nodeFormRoutes.call", Component: NodeCallPage, ...BACK_TO_NODE }),
    { id: "tree.node.audit", path: "audit/:id?", handle: auditHandle, element: <NodeAuditRoute /> },
  ];
}
