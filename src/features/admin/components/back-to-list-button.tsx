import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import { createLink } from '@tanstack/react-router';
import { USER_KINDS, type UserKind } from '../user-kind';

const LinkButton = createLink(Button);

export function BackToListButton({ kind }: { kind: UserKind }) {
  return (
    <LinkButton to={USER_KINDS[kind].listPath} startIcon={<ArrowBackIcon />}>
      К списку
    </LinkButton>
  );
}
