// Types for busboy 1.6 (the package ships none): only what http/multipart.ts uses.
declare module "busboy" {
  import type { IncomingHttpHeaders } from "node:http";
  import type { Readable, Writable } from "node:stream";

  interface Limits {
    fieldNameSize?: number;
    fieldSize?: number;
    fields?: number;
    fileSize?: number;
    files?: number;
    parts?: number;
    headerPairs?: number;
  }

  interface Config {
    headers: IncomingHttpHeaders;
    limits?: Limits;
    defParamCharset?: string;
    preservePath?: boolean;
  }

  interface FieldInfo {
    nameTruncated: boolean;
    valueTruncated: boolean;
    encoding: string;
    mimeType: string;
  }

  interface FileInfo {
    filename: string | undefined;
    encoding: string;
    mimeType: string;
  }

  /** A file part: `truncated` is set once the fileSize limit cut it. */
  type FileStream = Readable & { truncated?: boolean };

  interface Busboy extends Writable {
    on(event: "field", listener: (name: string, value: string, info: FieldInfo) => void): this;
    on(event: "file", listener: (name: string, stream: FileStream, info: FileInfo) => void): this;
    on(event: "partsLimit" | "filesLimit" | "fieldsLimit" | "close" | "finish", listener: () => void): this;
    on(event: "error", listener: (error: Error) => void): this;
  }

  function busboy(config: Config): Busboy;
  export default busboy;
  export type { Busboy, FileStream, FileInfo, FieldInfo };
}
