/** The files and folders the production build is made from, relative to the repository root. */
export const SOURCES: string[];
export function buildIsStale(): boolean;
