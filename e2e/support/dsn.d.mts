export function headerBlock(raw: string): string;
export function buildDsn(input: {
  reportingMta: string;
  envelopeFrom: string;
  recipients: string[];
  original: string;
  date?: Date;
}): string;
