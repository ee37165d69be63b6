/**
 * When an edit (a grade, a comment edit) was made, by the server's reckoning: the device's
 * `clientUpdatedAt` corrected by how far its clock is off (the server's time at arrival minus
 * the device's `clientSentAt`), never later than the arrival. Edits apply in this order, so a
 * device clock hours fast neither freezes a grade nor loses a later correction, and an offline
 * edit made earlier never overwrites a later one that arrived first.
 *
 * - both given: min(arrival, clientUpdatedAt + (arrival − clientSentAt));
 * - only clientUpdatedAt: min(arrival, clientUpdatedAt);
 * - neither (a client written to the spec): the arrival, so such edits apply in arrival order.
 *
 * An ISO string like every stored time, so the databases compare it as text.
 */
export function editedAt(
  arrival: Date,
  clientUpdatedAt?: string | null,
  clientSentAt?: string | null,
): string {
  const now = arrival.getTime();
  const made = clientUpdatedAt ? Date.parse(clientUpdatedAt) : Number.NaN;
  if (Number.isNaN(made)) return arrival.toISOString();
  const sent = clientSentAt ? Date.parse(clientSentAt) : Number.NaN;
  const offset = Number.isNaN(sent) ? 0 : now - sent;
  // Never before 1970 either: every stored time is a four-digit year.
  return new Date(Math.max(0, Math.min(now, made + offset))).toISOString();
}
