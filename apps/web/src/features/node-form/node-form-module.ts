import type { ComponentType } from "react";
import { addCataloguePart } from "../../i18n";
import { ADMIN_CATALOGUE } from "../../i18n/admin-catalogue";
import { DISPLAY_CATALOGUE } from "../../i18n/display-catalogue";
import { NODE_FORM_CATALOGUE } from "../../i18n/node-form-catalogue";
import { NodeAuditRoute } from "./NodeAuditRoute";
import { NodeCallPage } from "./NodeCallPage";
import { NodeFlightProfilePage } from "./NodeFlightProfilePage";
import { NodeFormPage } from "./NodeFormPage";

/**
 * The node form's screens and their texts load together: its own catalogue, the admin one (the
 * form frame's buttons and errors, sentinel and flight profile labels) and the display one (the
 * call form's texts, shared with the board's and the call log's call forms).
 */
async function loadTexts(): Promise<void> {
  await Promise.all([addCataloguePart(NODE_FORM_CATALOGUE), addCataloguePart(ADMIN_CATALOGUE), addCataloguePart(DISPLAY_CATALOGUE)]);
}

export async function loadNodeFormPage(): Promise<{ NodeFormPage: ComponentType }> {
  await loadTexts();
  return { NodeFormPage };
}

export async function loadNodeCallPage(): Promise<{ NodeCallPage: ComponentType }> {
  await loadTexts();
  return { NodeCallPage };
}

export async function loadNodeFlightProfilePage(): Promise<{ NodeFlightProfilePage: ComponentType }> {
  await loadTexts();
  return { NodeFlightProfilePage };
}

export async function loadNodeAuditRoute(): Promise<{ NodeAuditRoute: ComponentType }> {
  await loadTexts();
  return { NodeAuditRoute };
}
