// Resident memory of a process and everything it started, read from /proc (Linux), sampled on a timer.
import { readdirSync, readFileSync } from 'node:fs';

/** Parent pid of every process, read once per sample: children may come and go between two. */
function parents() {
  const parentOf = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // The command name (field 2) may hold spaces and parentheses: the fields after it follow the last ')'.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parentOf.set(Number(name), Number(fields[1]));
    } catch {
      // The process ended while we read.
    }
  }
  return parentOf;
}

function rssKb(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** RSS in MB of `root` and all its descendants. */
export function treeRssMb(root) {
  const parentOf = parents();
  const tree = new Set([root]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, parent] of parentOf) {
      if (tree.has(parent) && !tree.has(pid)) {
        tree.add(pid);
        grew = true;
      }
    }
  }
  let kb = 0;
  for (const pid of tree) kb += rssKb(pid);
  return kb / 1024;
}

/** Samples the tree's RSS every `everyMs` until stopped; `samples` holds { at (ms), mb }. */
export function sampleRss(root, everyMs = 100) {
  const started = performance.now();
  const samples = [];
  const take = () => samples.push({ at: performance.now() - started, mb: treeRssMb(root) });
  take();
  const timer = setInterval(take, everyMs);
  return {
    samples,
    peak: () => Math.max(...samples.map((s) => s.mb)),
    /** Median RSS of the samples taken within the last `ms`. */
    recent(ms) {
      const now = performance.now() - started;
      const window = samples.filter((s) => s.at >= now - ms).map((s) => s.mb);
      return median(window.length ? window : [samples.at(-1).mb]);
    },
    stop: () => clearInterval(timer),
  };
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
