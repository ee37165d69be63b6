/**
 * Code loaded when first asked for and kept: every caller shares one load, and a load that failed
 * (offline before the worker cached it) is tried again by the next caller.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => {
    loading ??= load();
    loading.catch(() => {
      loading = null;
    });
    return loading;
  };
}
