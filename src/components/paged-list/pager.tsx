import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { pagerItems } from '@/shared/pager';

/** Page buttons (shown 1-based) by the window rule of `pagerItems` (src/shared/pager.ts). */
export function Pager({
  page,
  pages,
  onChange,
}: {
  page: number;
  pages: number;
  onChange: (page: number) => void;
}) {
  if (pages <= 1) return null;
  return (
    <Box
      component="nav"
      aria-label="Страницы"
      sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', alignItems: 'center' }}
    >
      {pagerItems(page, pages).map((item) =>
        item.kind === 'gap' ? (
          <Typography key={item.key} component="span" sx={{ px: 0.5 }} aria-hidden>
            …
          </Typography>
        ) : (
          <Button
            key={item.page}
            size="small"
            variant={item.page === page ? 'contained' : 'text'}
            aria-current={item.page === page ? 'page' : undefined}
            aria-label={`Страница ${item.page + 1}`}
            onClick={() => onChange(item.page)}
            sx={{ minWidth: 44 }}
          >
            {item.page + 1}
          </Button>
        ),
      )}
    </Box>
  );
}
