// What every benchmark prints and keeps: the machine it ran on, each figure with its goal, and a JSON
// file per run in bench/results/ (`<bench>-<time>.json`) that `npm run bench:compare a.json b.json`
// sets side by side.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';

/** The machine's cores, CPU model, memory and Node version, with the database the bench used. */
export function machine(database) {
  const cpu = cpus()[0]?.model?.trim() ?? 'unknown CPU';
  return {
    cores: cpus().length,
    cpu,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    database,
  };
}

/**
 * A benchmark's report: `figure()` prints one measured value with its goal as it is measured, and
 * `save()` prints the verdict and writes the JSON. A figure over its goal makes the process exit non-zero.
 */
export function report(bench, database) {
  const facts = machine(database);
  console.log(
    `${bench} on ${facts.cores} × ${facts.cpu}, ${facts.memoryGiB} GiB, Node ${facts.node}, database ${database}`,
  );
  const figures = {};
  return {
    /**
     * @param {string} key a stable name for comparisons (e.g. "burst.embedded.seconds")
     * @param {string} label what a person reads
     * @param {number} value
     * @param {string} unit
     * @param {{ max?: number, min?: number }} [goal]
     */
    figure(key, label, value, unit, goal) {
      const rounded = Number(value.toFixed(value >= 100 ? 0 : value >= 10 ? 1 : 2));
      const within = goal
        ? (goal.max === undefined || value <= goal.max) && (goal.min === undefined || value >= goal.min)
        : undefined;
      const goalText = goal
        ? ` (goal ${goal.max !== undefined ? `≤ ${goal.max}` : `≥ ${goal.min}`}${unit === '×' ? '' : ` ${unit}`}) ${within ? 'OK' : 'MISSED'}`
        : '';
      console.log(`  ${label}: ${unit === '×' ? `×${rounded}` : `${rounded} ${unit}`}${goalText}`);
      figures[key] = { label, value: rounded, unit, ...(goal ? { goal, within } : {}) };
      if (within === false) process.exitCode = 1;
      return rounded;
    },
    /** Writes bench/results/<bench>-<time>.json with the machine, the figures and `extra`. */
    save(extra = {}) {
      const at = new Date().toISOString();
      const dir = join(process.cwd(), 'bench', 'results');
      mkdirSync(dir, { recursive: true });
      const file = join(dir, `${bench}-${at.replace(/[:.]/g, '-')}.json`);
      writeFileSync(file, `${JSON.stringify({ bench, at, machine: facts, figures, ...extra }, null, 2)}\n`);
      const missed = Object.values(figures).filter((f) => f.within === false).length;
      console.log(
        `${bench}: ${missed ? `${missed} figure(s) missed their goal` : 'every goal met'}; wrote ${file}`,
      );
      return file;
    },
  };
}
