import { describe, expect, it } from "vitest";
import { incidentUpdatesForTests } from "./incident-updates";
import { systemMessages } from "./SystemMessagesListener";

const push = (): void => systemMessages.dispatch({ subject: "incidents.updated", payload: JSON.stringify({ system_id: 1 }) });

describe("one incidents.updated handler for the indicator and the list", () => {
  it("counts pushes while either listens, and lets go of the subject when both stopped", () => {
    const before = incidentUpdatesForTests.count();
    push();
    // Nobody listens yet: the dispatcher has no handler, the count stays.
    expect(incidentUpdatesForTests.count()).toBe(before);

    const stopIndicator = incidentUpdatesForTests.listen();
    const stopList = incidentUpdatesForTests.listen();
    push();
    // Two listeners, one handler: one push counts once.
    expect(incidentUpdatesForTests.count()).toBe(before + 1);

    stopList();
    push();
    expect(incidentUpdatesForTests.count()).toBe(before + 2);

    stopIndicator();
    push();
    expect(incidentUpdatesForTests.count()).toBe(before + 2);
  });
});
