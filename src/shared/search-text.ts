/**
 * Folds text for case-insensitive search the same way on every database: lower case
 * (Unicode-aware, unlike SQLite's LOWER) with ё folded to е.
 */
export function foldSearchText(text: string): string {
  // NFC first: a decomposed ё (е + U+0308) must fold to е like the composed one.
  return text.normalize('NFC').toLocaleLowerCase('ru-RU').replaceAll('ё', 'е');
}

/** The stored search column: the shown fields, folded and joined. */
export function searchColumn(...parts: Array<string | null | undefined>): string {
  return foldSearchText(parts.filter((p) => p).join(' '));
}
