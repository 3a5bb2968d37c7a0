/** The setup wizard's steps: start, licence, configurator, initial user, finished. */
export type SetupStep = 1 | 2 | 3 | 4 | 5;

/** spec: "Five steps with progress dots and Prev/Next buttons". */
export const SETUP_STEPS: readonly SetupStep[] = [1, 2, 3, 4, 5];

/**
 * spec: "Next allowed when step 1 has a locale, steps 2 and 3 always, step 4 only when an initial
 * user exists, step 5 always."
 */
export function canGoNext(step: SetupStep, state: { locale: string | null; hasInitialUser: boolean }): boolean {
  switch (step) {
    case 1:
      return state.locale !== null && state.locale.trim() !== "";
    case 4:
      return state.hasInitialUser;
    default:
      return true;
  }
}

function isSet(time: string | null | undefined): boolean {
  return time !== null && time !== undefined && time !== "";
}

/** spec: "Setup redirects to login when setup time is set and no user" (user id 0). */
export function setupPageRedirect(state: { setupTime: string | null | undefined; userId: number }): "/login" | null {
  return isSet(state.setupTime) && state.userId <= 0 ? "/login" : null;
}

/** spec: "login redirects to setup when no setup time". */
export function loginPageRedirect(state: { setupTime: string | null | undefined }): "/setup" | null {
  return isSet(state.setupTime) ? null : "/setup";
}

/** spec: "The last step button goes to sync if a configurator was set, else to homepage." */
export function setupFinishTarget(state: { configuratorSet: boolean }): "/sync" | "/home" {
  return state.configuratorSet ? "/sync" : "/home";
}
