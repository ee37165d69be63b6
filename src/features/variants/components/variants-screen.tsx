import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import { createLink } from '@tanstack/react-router';
import { useState } from 'react';
import { SUCCESS_TEXT } from '../../../shared/messages';
import { Page } from '../../../components/layout/page';
import { PagedList } from '../../../components/paged-list/paged-list';
import { toPagedResult } from '../../../components/paged-list/paged-result';
import { useListState } from '../../../components/paged-list/use-list-state';
import { useNotify } from '../../../lib/notify';
import { useDeleteVariant } from '../api/delete-variant';
import { useVariantsPage, type VariantSummary } from '../api/list-variants';
import { VariantDialog } from './variant-dialog';

const ListItemLink = createLink(ListItemButton);

/** /teacher/variants: search, create, delete (a variant in use answers 409 with where), open one. */
export function VariantsScreen() {
  const state = useListState();
  const query = useVariantsPage({ page: state.page, pageSize: state.pageSize, search: state.search });
  const [creating, setCreating] = useState(false);
  const remove = useDeleteVariant();
  const notify = useNotify();

  const deleteVariant = (variant: VariantSummary) =>
    remove.mutate(variant.id, {
      onSuccess: () => notify.success(SUCCESS_TEXT.variantDeleted),
      onError: notify.apiError,
    });

  return (
    <Page
      title="Варианты"
      actions={
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
          Создать вариант
        </Button>
      }
    >
      <PagedList state={state} result={toPagedResult(query)}>
        {(variants) => (
          <Paper variant="outlined">
            <List aria-label="Варианты" disablePadding>
              {variants.map((variant) => (
                <ListItem
                  key={variant.id}
                  divider
                  disablePadding
                  data-testid="variant-row"
                  secondaryAction={
                    <IconButton
                      edge="end"
                      aria-label={`Удалить ${variant.name}`}
                      onClick={() => deleteVariant(variant)}
                      disabled={remove.isPending && remove.variables === variant.id}
                    >
                      <DeleteIcon />
                    </IconButton>
                  }
                >
                  <ListItemLink to="/teacher/variants/$id" params={{ id: variant.id }}>
                    <ListItemText primary={variant.name} />
                  </ListItemLink>
                </ListItem>
              ))}
            </List>
          </Paper>
        )}
      </PagedList>
      {creating && <VariantDialog onClose={() => setCreating(false)} />}
    </Page>
  );
}
