/** A request the controller refuses; `status` is the HTTP status the protocol answers with. */
export class EngineError extends Error {
  readonly status: 400 | 404 | 409;

  constructor(status: 400 | 404 | 409, message: string) {
    super(message);
    this.name = "EngineError";
    this.status = status;
  }
}
