import { useEffect, useRef } from "react";
import { useAppData } from "./AppDataProvider";
import { useSystemContext } from "./SystemProvider";

/**
 * The live socket is opened at boot, often on the sign-in page, and the server reads the session
 * once, when the socket connects. After a sign-in or sign-out it reconnects, so subscriptions
 * that need a user (the magnet mode's hub printer messages) do not answer "Session timed out".
 */
export function SocketFollowsSession(): null {
  const { ws } = useSystemContext();
  const { data } = useAppData();
  const userId = data.user.id;
  const previous = useRef(userId);
  useEffect(() => {
    if (previous.current === userId) return;
    previous.current = userId;
    ws.restart();
  }, [userId, ws]);
  return null;
}
