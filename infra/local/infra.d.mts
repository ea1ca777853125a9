// Types of infra.mjs for the TypeScript that imports it (the fault scenarios).
export type ServerName = 'redis' | 'minio' | 'mongo' | 'kafka';
export const HOME: string;
export const ENV_FILE: string;
export const NAMES: ServerName[];
export const PORTS: Record<
  'mongo' | 'kafka' | 'kafkaController' | 'redis' | 'minio' | 'minioConsole',
  number
>;
export function connectionEnv(): Record<string, string>;
export function up(names?: ServerName[], options?: { quiet?: boolean }): Promise<Record<string, string>>;
export function down(names?: ServerName[]): Promise<void>;
export function status(): Promise<
  { name: ServerName; label: string; address: string; pid: number | null; answering: boolean }[]
>;
export const VERSIONS: { kafka: string; ferretdb: string; minio: string };
export function artifact(name: ServerName): Promise<string>;
