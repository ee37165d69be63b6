import Box from '@mui/material/Box';

/**
 * A comment's text in its row: beside the time button on a wide screen; on a narrow one a line of
 * its own under the time and the actions (the row wraps).
 */
export function CommentText({ text }: { text: string }) {
  return (
    <Box
      sx={{
        flex: { xs: '1 1 100%', sm: 1 },
        order: { xs: 1, sm: 0 },
        whiteSpace: 'pre-wrap',
        overflowWrap: 'anywhere',
        pt: { sm: 0.5 },
      }}
    >
      {text}
    </Box>
  );
}
