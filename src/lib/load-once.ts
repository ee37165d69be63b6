/**
 * Code loaded when first asked for and kept: every caller shares one load, and a load that failed
 * (offline before the worker cached it) is tried again by the next caller.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => {
    if (!loading) {
      const started = load();
      started.catch(() => {
        if (loading === started) loading = null;
      });
      loading = started;
    }
    return loading;
  };
}
