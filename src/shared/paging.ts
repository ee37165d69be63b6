/** A page of any list, whatever key the server gave its array: the client's one paging shape. */
export interface Page<T> {
  page: number;
  pages: number;
  items: T[];
}

/** What one page of a list asks for: the zero-based page, its size and, where the list has one, a search text. */
export interface PageParams {
  page: number;
  pageSize: number;
  search?: string;
}
