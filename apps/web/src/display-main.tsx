import { DisplayApp } from "./app/DisplayApp";
import { boot } from "./boot";

/**
 * The entry of /display (display.html): the wall-screen board without the app's router, shell
 * and admin code, so a display loads as little as possible (docs/decisions/006-display-entry.md).
 */
void boot((ws, systemId) => <DisplayApp ws={ws} initialSystemId={systemId} />);
