import { describe, expect, it } from 'vitest';
import { foldSearchText, searchColumn } from '@/shared/search-text';

describe('foldSearchText', () => {
  it('lowers the case and folds every ё to е, composed or decomposed', () => {
    expect(foldSearchText('ЁЛКА и ёжик Семёнова')).toBe('елка и ежик семенова');
    expect(foldSearchText('Сем\u0435\u0308нов')).toBe('семенов');
  });

  it('joins the shown fields of the stored column, skipping empty ones', () => {
    expect(searchColumn('Фёдоров', null, 'Ёлкин', '', undefined)).toBe('федоров елкин');
  });
});
