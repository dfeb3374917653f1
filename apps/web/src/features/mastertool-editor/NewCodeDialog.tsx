// Creating a code that the lists do not offer (a procedure code, an attachment code) is a step of its own,
// in a dialog that checks the code's form and that it is new, so a code is never made by a slip of typing.
// It opens with the code proposed from the name (decision 0055); a taken code is met with a free one.
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { codeProblem, freeCode } from './code-proposal';

export { CODE_PATTERN, codeProblem } from './code-proposal';

export function NewCodeDialog({
  open,
  title,
  intro,
  taken,
  proposal,
  onCreate,
  onClose,
}: {
  open: boolean;
  title: string;
  intro: string;
  /** Codes that exist already (they are picked from the list instead). */
  taken: ReadonlySet<string>;
  /** The code proposed from the name, filled in when the dialog opens. */
  proposal?: string;
  onCreate: (code: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [code, setCode] = useState('');
  const [shown, setShown] = useState<'invalid' | 'taken' | null>(null);
  // Filled once per opening (typing is not replaced while open); a proposal in use gives its free variant.
  const fill = () => setCode(proposal === undefined ? '' : freeCode(proposal, taken));
  const free = shown === 'taken' ? freeCode(code.trim(), taken) : null;
  const close = () => {
    setCode('');
    setShown(null);
    onClose();
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-intro`}
      slotProps={{ transition: { onEnter: fill } }}
    >
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
            helperText={
              shown === null
                ? t('mastertool.newCode.help')
                : free === null
                  ? t(`mastertool.newCode.${shown}`)
                  : t('mastertoolCodes.takenFree', { free })
            }
            slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none' } }}
          />
          {free !== null ? (
            <Button
              size="small"
              sx={{ mt: 1, minHeight: 44 }}
              onClick={() => {
                setCode(free);
                setShown(null);
              }}
            >
              {t('mastertoolCodes.useFree', { code: free })}
            </Button>
          ) : null}
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
