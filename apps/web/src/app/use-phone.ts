import { useMediaQuery } from "@mantine/hooks";

/** Mantine's `sm` breakpoint: below it the screens take their phone layout. */
const PHONE_QUERY = "(max-width: 48em)";

/** Whether the window is phone-sized; read at the first render, so a desktop never flashes the phone layout. */
export function usePhone(): boolean {
  return useMediaQuery(PHONE_QUERY, undefined, { getInitialValueInEffect: false });
}
