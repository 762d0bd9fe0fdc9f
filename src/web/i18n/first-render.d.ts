// en.json read through a query of its own (see index.ts): the same sections, typed as messages.
declare module '*.json?first-render' {
  const messages: Record<string, string & Record<string, unknown>>;
  export = messages;
}
