import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, type ReactNode, useId } from 'react';
import { usePhoneLayout } from '../layout/use-phone-layout';
import { DialogButtons } from './dialog-buttons';

/** The main button of a form; `form` names the form when the button stands outside it. */
export function SubmitButton({
  form,
  loading,
  children,
}: {
  form?: string;
  loading: boolean;
  children: ReactNode;
}) {
  return (
    <Button type="submit" form={form} variant="contained" loading={loading}>
      {children}
    </Button>
  );
}

/** The required name of what a dialog creates or edits (at most 200 characters). */
export function NameField({
  label = 'Название',
  value,
  onChange,
}: {
  label?: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      label={label}
      name="name"
      value={value}
      required
      autoFocus
      onChange={(e) => onChange(e.target.value)}
      slotProps={{ htmlInput: { maxLength: 200 } }}
    />
  );
}

/**
 * The create-or-edit dialog of a teacher's item: the title, the form's fields (`children`) in a
 * scrolling body, then 'Отмена', `actions` and, given `submitLabel`, the submit button. It
 * cannot be closed while saving.
 */
export function FormDialog({
  title,
  loading,
  onClose,
  onSubmit,
  submitLabel,
  actions,
  children,
}: {
  title: string;
  loading: boolean;
  onClose: () => void;
  onSubmit: (e: FormEvent) => void;
  submitLabel?: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const titleId = useId();
  const formId = useId();
  const phone = usePhoneLayout();
  return (
    <Dialog
      fullScreen={phone}
      open
      onClose={loading ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="md"
      scroll="paper"
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2.5} component="form" id={formId} noValidate onSubmit={onSubmit}>
          {children}
        </Stack>
      </DialogContent>
      <DialogButtons loading={loading} onCancel={onClose}>
        {actions}
        {submitLabel && (
          <SubmitButton form={formId} loading={loading}>
            {submitLabel}
          </SubmitButton>
        )}
      </DialogButtons>
    </Dialog>
  );
}
