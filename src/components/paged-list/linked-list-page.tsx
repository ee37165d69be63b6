import type { ReactNode } from 'react';
import { Page } from '../layout/page';
import { LinkedRows, type LinkedRowsProps } from './linked-rows';
import { PagedList, type PagedResult } from './paged-list';
import type { ListState } from './use-list-state';

/**
 * A screen that is one searchable, paged list of links named like the screen: the heading with
 * its `actions`, the list, then `children` (the screen's dialogs).
 */
export function LinkedListPage<T extends { id: number; name: string }>({
  title,
  actions,
  state,
  result,
  children,
  ...rows
}: Omit<LinkedRowsProps<T>, 'label' | 'items'> & {
  title: string;
  actions?: ReactNode;
  state: ListState;
  result: PagedResult<T>;
  children?: ReactNode;
}) {
  return (
    <Page title={title} actions={actions}>
      <PagedList state={state} result={result}>
        {(items) => <LinkedRows label={title} items={items} {...rows} />}
      </PagedList>
      {children}
    </Page>
  );
}
