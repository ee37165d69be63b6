import { useState } from 'react';
import { SUCCESS_TEXT } from '@/shared/messages';
import { CreateButton } from '@/components/layout/create-button';
import { LinkedListPage } from '@/components/paged-list/linked-list-page';
import { toPagedResult } from '@/components/paged-list/paged-result';
import { useListState } from '@/components/paged-list/use-list-state';
import { useRowDelete } from '@/components/paged-list/use-row-delete';
import { useDeleteVariant } from '../api/delete-variant';
import { useVariantsPage } from '../api/list-variants';
import { VariantDialog } from './variant-dialog';

/** /teacher/variants: search, create, delete (a variant in use answers 409 with where), open one. */
export function VariantsScreen() {
  const state = useListState();
  const query = useVariantsPage({ page: state.page, pageSize: state.pageSize, search: state.search });
  const [creating, setCreating] = useState(false);
  const rowDelete = useRowDelete(useDeleteVariant(), SUCCESS_TEXT.variantDeleted);

  return (
    <LinkedListPage
      title="Варианты"
      actions={<CreateButton onClick={() => setCreating(true)}>Создать вариант</CreateButton>}
      state={state}
      result={toPagedResult(query)}
      rowTestId="variant-row"
      link={(variant) => ({ to: '/teacher/variants/$id', params: { id: variant.id } })}
      {...rowDelete}
    >
      {creating && <VariantDialog onClose={() => setCreating(false)} />}
    </LinkedListPage>
  );
}
