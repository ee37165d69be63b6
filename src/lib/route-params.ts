import { isId } from '@/shared/id';

/**
 * `params.parse` of a route with a numeric `$id`: anything but a positive integer does not match
 * the route at all, so the area's catch-all sends the user to its first screen. The contract's id
 * rule (`isId`, which its id schema uses too) decides the range, without loading the schema
 * library into the app shell; the pattern only refuses other spellings of a number ('1e3', ' 7').
 */
export function parseIdParam(raw: { id: string }): { id: number } | false {
  if (!/^[1-9]\d{0,9}$/.test(raw.id)) return false;
  const id = Number(raw.id);
  return isId(id) ? { id } : false;
}

export function stringifyIdParam(params: { id: number }): { id: string } {
  return { id: String(params.id) };
}
