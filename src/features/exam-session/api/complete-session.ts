import { api } from '@/lib/api-client';

/** Completes a session; errors are ignored (the recording upload completes it too). */
export async function completeSession(sessionId: number | null): Promise<void> {
  if (sessionId === null) return;
  try {
    await api(`/api/student/session/${sessionId}/complete`, { method: 'POST' });
  } catch {
    // The complete-session call fails silently (the recording is what matters).
  }
}
