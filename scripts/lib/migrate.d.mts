export function migrate(url: string, opts?: { log?: (message: string) => void }): Promise<string[]>;
