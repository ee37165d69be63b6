/** Parses a seconds field; '' (or anything that is not a number) is no value. */
export function parseSeconds(value: string): number | undefined {
  if (value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}
