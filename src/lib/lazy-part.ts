import { type ComponentType, lazy } from 'react';

/**
 * A part of a screen whose code loads after the screen draws. Code that cannot load (offline
 * before the worker cached it) costs the part, which draws nothing, not the page around it.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy<ComponentType<P>>(() =>
    load().then(
      (component) => ({ default: component }),
      () => ({ default: () => null }),
    ),
  );
}
