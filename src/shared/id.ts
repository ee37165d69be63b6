/** The largest id: ids are positive 32-bit integers (PostgreSQL `serial`). */
export const ID_MAX = 2_147_483_647;

/** True for an id as paths and bodies carry it; no schema library, so the app shell can use it. */
export function isId(value: number): boolean {
  return Number.isInteger(value) && value > 0 && value <= ID_MAX;
}
