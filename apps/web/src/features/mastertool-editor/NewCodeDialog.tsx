// Creating a code that the lists do not offer (a procedure code, an attachment code) is a step of its own,
// in a dialog that checks the code's form and that it is new, so a code is never made by a slip of typing.
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The form every created code takes (the contract's procedure code). */
export const CODE_PATTERN = /^[a-z][a-z0-9_]{1,63}$/;

/** Why a typed code cannot be created, or null when it can. */
export function codeProblem(code: string, taken: ReadonlySet<string>): 'invalid' | 'taken' | null {
  if (!CODE_PATTERN.test(code)) return 'invalid';
  return taken.has(code) ? 'taken' : null;
}

export function NewCodeDialog({
  open,
  title,
  intro,
  taken,
  onCreate,
  onClose,
}: {
  open: boolean;
  title: string;
  intro: string;
  /** Codes that exist already (they are picked from the list instead). */
  taken: ReadonlySet<string>;
  onCreate: (code: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [code, setCode] = useState('');
  const [shown, setShown] = useState<'invalid' | 'taken' | null>(null);
  const close = () => {
    setCode('');
    setShown(null);
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} aria-labelledby={`${id}-title`} aria-describedby={`${id}-intro`}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const trimmed = code.trim();
          const problem = codeProblem(trimmed, taken);
          setShown(problem);
          if (problem !== null) return;
          onCreate(trimmed);
          close();
        }}
      >
        <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
        <DialogContent>
          <DialogContentText id={`${id}-intro`} sx={{ mb: 2 }}>
            {intro}
          </DialogContentText>
          <TextField
            autoFocus
            fullWidth
            required
            size="small"
            label={t('mastertool.newCode.code')}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            error={shown !== null}
            helperText={shown === null ? t('mastertool.newCode.help') : t(`mastertool.newCode.${shown}`)}
            slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none' } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('mastertool.newCode.cancel')}</Button>
          <Button type="submit" variant="contained">
            {t('mastertool.newCode.create')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
