import type { KeyboardEvent } from 'react';

/**
 * Keeps Enter in a picker's search box from submitting the dialog's form around it: there it
 * only means "search", which the list does by itself as the text changes.
 */
export function noImplicitSubmit(event: KeyboardEvent): void {
  const target = event.target as HTMLElement;
  if (event.key === 'Enter' && target.tagName === 'INPUT') event.preventDefault();
}
