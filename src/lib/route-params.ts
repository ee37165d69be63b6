const MAX_ID = 2_147_483_647;

/**
 * `params.parse` of a route with a numeric `$id`: anything but a positive integer does not match
 * the route at all, so the area's catch-all sends the user to its first screen (SPEC.md §2).
 */
export function parseIdParam(raw: { id: string }): { id: number } | false {
  if (!/^[1-9]\d{0,9}$/.test(raw.id)) return false;
  const id = Number(raw.id);
  return id <= MAX_ID ? { id } : false;
}

export function stringifyIdParam(params: { id: number }): { id: string } {
  return { id: String(params.id) };
}
