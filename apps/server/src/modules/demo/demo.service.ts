import type { RequestContext } from "../../context.ts";
import { loadDemoFloors, type DemoFloor } from "./demo.repo.ts";

/** The demo page's floors and rooms of the current system (spec: "floors 1. OG and 2. OG with per-room controls"). */
export async function demoFloors(ctx: RequestContext): Promise<DemoFloor[]> {
  return loadDemoFloors(ctx.db.kysely, ctx.systemId);
}
