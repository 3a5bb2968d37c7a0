import { App } from "./app/App";
import { boot } from "./boot";

void boot((ws, systemId) => <App ws={ws} initialSystemId={systemId} />);
