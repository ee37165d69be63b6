import 'fake-indexeddb/auto';
import { afterEach } from 'vitest';

// Testing Library's cleanup only where a DOM exists (some files run in the node environment).
afterEach(async () => {
  if (typeof document !== 'undefined') {
    const { cleanup } = await import('@testing-library/react');
    cleanup();
  }
});
