// What `npm start` runs, as arguments for this Node: the benches measure the command itself, V8 flags
// included, without npm's own process in between.
import { readFileSync } from 'node:fs';

export function npmStartArgs() {
  const { scripts } = JSON.parse(readFileSync('package.json', 'utf8'));
  const [command, ...args] = scripts.start.split(/\s+/);
  if (command !== 'node') throw new Error(`npm start runs "${scripts.start}", not node`);
  return args;
}
