import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";

/**
 * STYLE: "axe on every main screen". The violations of one part of the page (a CSS selector),
 * as "rule: targets"; `disableRules` names rules a caller knowingly leaves out, with its reason.
 */
export async function axeViolations(page: Page, include: string, options: { disableRules?: string[] } = {}): Promise<string[]> {
  let builder = new AxeBuilder({ page }).include(include);
  if (options.disableRules?.length) builder = builder.disableRules(options.disableRules);
  const results = await builder.analyze();
  return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
}

/** The serious and critical violations only (the issues' "no serious or critical violations"), as "rule: targets". */
export async function seriousViolations(page: Page, include: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include(include).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
}
