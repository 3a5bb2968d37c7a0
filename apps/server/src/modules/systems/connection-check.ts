import { fetchFirmwareVersion, failureOf, FAILURE_TEXT } from "../../callsystem/protocol-client.ts";
import { AppError } from "../../errors/app-error.ts";

/**
 * The connection check of setup step 3 and the system parameters: the controller must answer its
 * firmware version with these credentials. The error is VALIDATION with reason "connection" and
 * the message "failed to fetch firmware version: <class>" (spec §8: "with 'Unauthorized' maps to
 * password connection_unauthorized, else ip connection_error"). The class is all it says
 * (unreachable, timeout, Unauthorized, TLS error, not a controller): the address may name any
 * host, and what that host answered is never shown (ARCHITECTURE «Security rules»).
 */
export async function checkControllerConnection(address: { ip: string; tcp_port: number; username: string; password: string }): Promise<string> {
  try {
    return await fetchFirmwareVersion({ host: address.ip, port: address.tcp_port, username: address.username, password: address.password });
  } catch (error) {
    throw new AppError("VALIDATION", `failed to fetch firmware version: ${FAILURE_TEXT[failureOf(error)]}`, { reason: "connection" });
  }
}
