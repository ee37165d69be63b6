import 'fake-indexeddb/auto';
import { afterAll, afterEach } from 'vitest';

// Testing Library's cleanup only where a DOM exists (some files run in the node environment).
afterEach(async () => {
  if (typeof document !== 'undefined') {
    const { cleanup } = await import('@testing-library/react');
    cleanup();
  }
});

// Preact runs a render's effects after the next frame, or after 35 ms when no frame comes. The
// file's DOM must outlive that timer: torn down first, the timer finds no cancelAnimationFrame and
// fails the run with an uncaught error (it did, once, in exam-availability.test.tsx).
afterAll(async () => {
  if (typeof document !== 'undefined') await new Promise((resolve) => setTimeout(resolve, 50));
});
