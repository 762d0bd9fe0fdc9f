export interface Machine {
  cores: number;
  cpu: string;
  memoryGiB: number;
  node: string;
  database: string;
}
export function machine(database: string): Machine;
export interface Report {
  figure(
    key: string,
    label: string,
    value: number,
    unit: string,
    goal?: { max?: number; min?: number },
  ): number;
  save(extra?: Record<string, unknown>): string;
}
export function report(bench: string, database: string): Report;
