import { redirect } from '@tanstack/react-router';

/** A numeric route id, or a redirect to the area's first screen (SPEC.md: ids are numeric). */
export function parseIdParam(
  value: string,
  fallback: '/admin/main' | '/teacher/exams' | '/student/exams',
): number {
  if (!/^\d{1,10}$/.test(value) || Number(value) <= 0) throw redirect({ to: fallback, replace: true });
  return Number(value);
}
