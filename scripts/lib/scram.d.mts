export const SCRAM_MECHANISM: "SCRAM-SHA-256";
export type ScramVerifier = { salt: string; iterations: number; storedKey: Buffer; serverKey: Buffer };
export function scramVerifier(password: string): ScramVerifier;
export function scramExchange(verifier: ScramVerifier): {
  start(clientFirst: string): string | null;
  finish(clientFinal: string): string | null;
};
