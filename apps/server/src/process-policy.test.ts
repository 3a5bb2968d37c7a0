import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CRASH_EXIT_CODE } from "./process-policy.ts";

/** Runs a script that installs the crash policy in a child Node process. */
function runChild(body: string): { status: number | null; output: string } {
  const policy = join(import.meta.dirname, "process-policy.ts");
  const script = `import { installCrashPolicy } from ${JSON.stringify(policy)};\nconst useLogger = installCrashPolicy();\n${body}\nsetInterval(() => undefined, 1000);`;
  const child = spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8", timeout: 15_000 });
  return { status: child.status, output: `${child.stdout}${child.stderr}` };
}

describe("the process crash policy", () => {
  it("logs an uncaught exception and exits non-zero, so the supervisor restarts the server", () => {
    const child = runChild("setTimeout(() => { throw new Error('boom in a timer'); }, 10);");
    expect(child.status).toBe(CRASH_EXIT_CODE);
    expect(child.output).toMatch(/"level":"fatal".*exiting so the supervisor restarts the server/);
    expect(child.output).toContain("boom in a timer");
  });

  it("does the same for an unhandled rejection", () => {
    const child = runChild("setTimeout(() => void Promise.reject(new Error('rejected nowhere')), 10);");
    expect(child.status).toBe(CRASH_EXIT_CODE);
    expect(child.output).toContain("rejected nowhere");
  });

  it("reports through the server's logger once it is set", () => {
    const child = runChild(
      "useLogger({ fatal: (o, m) => console.log('SERVER-LOG', m, o.origin, String(o.err)) });\nsetTimeout(() => { throw new Error('late'); }, 10);",
    );
    expect(child.status).toBe(CRASH_EXIT_CODE);
    expect(child.output).toMatch(/SERVER-LOG unhandled error: exiting .* uncaughtException Error: late/);
  });
});
