import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
} from '@tanstack/react-router';
import { expect, it } from 'vitest';
import { loadScreenCodeBesideGuards } from '@/lib/screen-code';

/** A router with one guarded screen whose guard answers when the test says. */
function guardedScreen() {
  let asked!: () => void;
  const guardAsked = new Promise<void>((resolve) => {
    asked = resolve;
  });
  let answer!: () => void;
  const guard = new Promise<void>((resolve) => {
    answer = resolve;
  });
  let codeAsked = false;
  const rootRoute = createRootRoute();
  const screenRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/screen',
    beforeLoad: () => {
      asked();
      return guard;
    },
    component: lazyRouteComponent(() => {
      codeAsked = true;
      return Promise.resolve({ default: () => null });
    }),
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([screenRoute]),
    history: createMemoryHistory({ initialEntries: ['/screen'] }),
  });
  return { router, guardAsked, answer, codeAsked: () => codeAsked };
}

it("loads the screen's code while its guard is still asking", async () => {
  const screen = guardedScreen();
  const stop = loadScreenCodeBesideGuards(screen.router);
  const loaded = screen.router.load();
  await screen.guardAsked;
  expect(screen.codeAsked()).toBe(true);
  screen.answer();
  await loaded;
  expect(screen.router.state.status).toBe('idle');
  stop();
});

it('without it the router asks for the code only after the guard answered', async () => {
  const screen = guardedScreen();
  const loaded = screen.router.load();
  await screen.guardAsked;
  expect(screen.codeAsked()).toBe(false);
  screen.answer();
  await loaded;
  expect(screen.codeAsked()).toBe(true);
});
