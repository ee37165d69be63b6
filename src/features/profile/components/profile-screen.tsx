import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { fullName } from '@/shared/format';
import { ERROR_TEXT, SUCCESS_TEXT } from '@/shared/messages';
import { Page } from '@/components/layout/page';
import { PROFILE_FIELDS, UserFields } from '@/components/user-dialog/user-fields';
import { useNotify } from '@/lib/notify';
import { type Profile, type ProfileArea, useProfile } from '../api/get-profile';
import { useUpdatePassword } from '../api/update-password';
import { useUpdateProfile } from '../api/update-profile';

type DataForm = Omit<Profile, 'id'>;

const formOf = (p: Profile): DataForm => ({
  username: p.username,
  email: p.email,
  name: p.name,
  surname: p.surname,
  patronymic: p.patronymic,
  inform_about_exam_completion: p.inform_about_exam_completion,
});

/** The account's current password, which both forms send with a change (V6.2.3). */
function CurrentPasswordField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <TextField
      name="current-password"
      label="Текущий пароль"
      type="password"
      autoComplete="current-password"
      required
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

/** One form of the profile, in its own labelled section: the heading, the fields, the save button. */
function FormSection({
  title,
  submitLabel,
  loading,
  onSubmit,
  children,
}: {
  title: string;
  submitLabel: string;
  loading: boolean;
  onSubmit: (e: FormEvent) => void;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby={headingId}>
      <Stack spacing={2} component="form" noValidate onSubmit={onSubmit}>
        <Typography id={headingId} variant="h6" component="h2">
          {title}
        </Typography>
        {children}
        <Button type="submit" variant="contained" loading={loading} sx={{ alignSelf: 'flex-start' }}>
          {submitLabel}
        </Button>
      </Stack>
    </Paper>
  );
}

function DataBlock({ area, profile }: { area: ProfileArea; profile: Profile }) {
  const [form, setForm] = useState(() => formOf(profile));
  const [currentPassword, setCurrentPassword] = useState('');
  const update = useUpdateProfile(area);
  const notify = useNotify();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    update.mutate(
      { ...form, currentPassword },
      {
        onSuccess: (saved) => {
          setForm(formOf(saved));
          setCurrentPassword('');
          notify.success(SUCCESS_TEXT.dataUpdated);
        },
        onError: notify.apiError,
      },
    );
  };
  return (
    <FormSection title="Данные" submitLabel="Обновить данные" loading={update.isPending} onSubmit={submit}>
      <UserFields
        names={PROFILE_FIELDS}
        values={form}
        onChange={(name, value) => setForm((v) => ({ ...v, [name]: value }))}
      />
      {area === 'teacher' && (
        <FormControlLabel
          control={
            <Checkbox
              name="inform_about_exam_completion"
              checked={form.inform_about_exam_completion ?? false}
              onChange={(e) => setForm((v) => ({ ...v, inform_about_exam_completion: e.target.checked }))}
            />
          }
          label="Уведомлять о завершении экзамена учеником"
        />
      )}
      <CurrentPasswordField value={currentPassword} onChange={setCurrentPassword} />
    </FormSection>
  );
}

function PasswordBlock({ area, username }: { area: ProfileArea; username: string }) {
  const [currentPassword, setCurrentPassword] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const update = useUpdatePassword(area);
  const notify = useNotify();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // Both fields must match.
    if (password !== repeat) {
      notify.error(ERROR_TEXT.passwordsDiffer);
      return;
    }
    update.mutate(
      { password, currentPassword },
      {
        onSuccess: () => {
          setCurrentPassword('');
          setPassword('');
          setRepeat('');
          notify.success(SUCCESS_TEXT.passwordUpdated);
        },
        onError: notify.apiError,
      },
    );
  };
  return (
    <FormSection title="Пароль" submitLabel="Обновить пароль" loading={update.isPending} onSubmit={submit}>
      {/* Lets password managers tie the new password to this account. */}
      <input type="text" name="username" autoComplete="username" hidden readOnly value={username} />
      <CurrentPasswordField value={currentPassword} onChange={setCurrentPassword} />
      <TextField
        name="new-password"
        label="Новый пароль"
        type="password"
        autoComplete="new-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <TextField
        name="repeat-password"
        label="Повторите пароль"
        type="password"
        autoComplete="new-password"
        required
        value={repeat}
        onChange={(e) => setRepeat(e.target.value)}
      />
    </FormSection>
  );
}

/** /teacher/profile and /student/profile: the full name, @username and e-mail, the edit form and the password change. */
export function ProfileScreen({ area }: { area: ProfileArea }) {
  const { data: profile } = useProfile(area);
  return (
    <Page title={fullName(profile)}>
      <Stack spacing={3} sx={{ maxWidth: 640 }}>
        <Typography color="text.secondary" data-testid="profile-contact">
          @{profile.username} · {profile.email}
        </Typography>
        <DataBlock area={area} profile={profile} />
        <PasswordBlock area={area} username={profile.username} />
      </Stack>
    </Page>
  );
}
