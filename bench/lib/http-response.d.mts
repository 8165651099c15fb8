export declare class ResponseReader {
  push(chunk: Buffer): { status: number; close: boolean }[];
  end(): { status: number; close: boolean }[];
}
