import { it, vi } from 'vitest';

// The running screen's code loads after the choice of variant is drawn. Here it cannot load (as
// offline on a device whose worker never cached it): the start must fail with a message, not run
// an exam without its screen.

const start = vi.fn((_variantId: number | null) => Promise.resolve());
vi.mock('@/features/exam-session/hooks/use-exam-session', () => ({
  useExamSession: () => ({ stage: 'choose', start, problem: null, fault: null, blocker: { status: 'idle' } }),
}));
vi.mock('@/features/exam-session/hooks/use-device-storage', () => ({
  useDeviceStorage: () => ({ persisted: false, check: null }),
}));
vi.mock('@/features/exam-session/components/task-view', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

const { expectStartFailsWithMessage } = await import('./start-without-a-part');

it('a start whose running screen cannot load says so and does not start the exam', async () => {
  await expectStartFailsWithMessage(start);
});
