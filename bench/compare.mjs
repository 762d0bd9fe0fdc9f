// npm run bench:compare -- a.json b.json: two runs of a benchmark side by side (bench/results/).
import { readFileSync } from 'node:fs';

const [a, b] = process.argv.slice(2).map((file) => ({ file, ...JSON.parse(readFileSync(file, 'utf8')) }));
if (!a || !b) {
  console.error('usage: npm run bench:compare -- <older.json> <newer.json>');
  process.exit(2);
}
const describe = (run) =>
  `${run.at} · ${run.machine.cores} × ${run.machine.cpu}, Node ${run.machine.node}, ${run.machine.database}`;
console.log(`A: ${describe(a)}\nB: ${describe(b)}`);
const keys = [...new Set([...Object.keys(a.figures), ...Object.keys(b.figures)])];
const rows = keys.map((key) => {
  const x = a.figures[key];
  const y = b.figures[key];
  const ratio = x && y && x.value ? `×${(y.value / x.value).toFixed(2)}` : '';
  return [(x ?? y).label, x ? `${x.value} ${x.unit}` : '—', y ? `${y.value} ${y.unit}` : '—', ratio];
});
const widths = [0, 1, 2, 3].map((i) => Math.max(...rows.map((r) => r[i].length), 1));
for (const row of [['figure', 'A', 'B', 'B/A'], ...rows])
  console.log(row.map((cell, i) => cell.padEnd(widths[i])).join('  '));
