/** What `npm start` runs, as arguments for this Node (its flags and script). */
export function npmStartArgs(): string[];
