export function treeRssMb(root: number): number;
export interface RssSampler {
  samples: { at: number; mb: number }[];
  peak(): number;
  /** Median RSS of the samples taken within the last `ms`. */
  recent(ms: number): number;
  stop(): void;
}
export function sampleRss(root: number, everyMs?: number): RssSampler;
export function median(values: number[]): number;
