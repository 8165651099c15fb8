export const root: string;
export const schemaPath: string;
export const migrationsDir: string;
type Engine = { free(): void };
export function openEngine(url: string, opts?: { log?: (m: string) => void }): Promise<Engine>;
export function diffSinceLastMigration(engine: Engine): Promise<string>;
export function applyMigrations(engine: Engine): Promise<string[]>;
export function readDatamodel(): Promise<string>;
