export function startupPacket(params: Record<string, string>): Buffer;
export function readStartupPacket(
  buffer: Buffer,
):
  | null
  | { size: number; error: [string, string]; kind?: undefined; params?: undefined; minor?: undefined }
  | { size: number; kind: "ssl" | "gssenc" | "cancel"; error?: undefined; params?: undefined; minor?: undefined }
  | { size: number; kind: "startup"; minor: number; params: Map<string, string>; error?: undefined };
export function typedMessageSize(buffer: Buffer, maxLength?: number): number | null;
export function readyTracker(): { feed(chunk: Uint8Array): void; readonly idle: boolean };
