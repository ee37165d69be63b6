import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import { createLink, type LinkOptions } from '@tanstack/react-router';

const LinkButton = createLink(Button);

/** 'К списку': a detail page's way back to its list at `to`. */
export function BackToListButton({ to }: { to: LinkOptions['to'] }) {
  return (
    <LinkButton to={to} startIcon={<ArrowBackIcon />}>
      К списку
    </LinkButton>
  );
}
