import type { WinkMethods } from 'wink-nlp';

/**
 * wink-nlp with its English lite model, loaded once on first use: the model takes about 0.7 s and 55 MB
 * to load, so a server that never analyses a text never pays for it (the startup time is benchmarked).
 * `loadNlp()` starts the load; `nlpIfLoaded()` is for callers that must not wait.
 */
let loading: Promise<WinkMethods> | undefined;
let loaded: WinkMethods | undefined;

export function loadNlp(): Promise<WinkMethods> {
  loading ??= (async () => {
    const [{ default: winkNLP }, { default: model }] = await Promise.all([
      import('wink-nlp'),
      import('wink-eng-lite-web-model'),
    ]);
    loaded = winkNLP(model);
    return loaded;
  })();
  // A failed load (a broken install) is tried again next time instead of being remembered.
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

export const nlpIfLoaded = () => loaded;
