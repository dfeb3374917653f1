// A bank or branch found by name (decision 0043): the resident types part of the name, the server looks it
// up in the Zengin codes (never the whole list on the phone), and a chosen match fills the code and the
// name items. The result is announced (role=status); the code fields stay typeable.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, type ApiResult } from '../api';

type Match = ApiResult<'applicant.banks'>['matches'][number];

type State =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'empty' }
  | { kind: 'bankFirst' }
  | { kind: 'none' }
  | { kind: 'error' }
  | { kind: 'found'; matches: Match[]; more: boolean }
  | { kind: 'chosen'; match: Match };

/** A bank code as the branch look-up needs it: 4 digits (full-width digits allowed), else null. */
export function bankCodeOf(value: string): string | null {
  const digits = value.normalize('NFKC').trim();
  return /^[0-9]{4}$/.test(digits) ? digits : null;
}

export function BankLookup({
  id,
  kind,
  bankCode = '',
  onFound,
}: {
  /** The code field's id: the look-up's elements are named after it. */
  id: string;
  kind: 'bank' | 'branch';
  /** For branches: the bank code as the page holds it now. */
  bankCode?: string;
  /** Fills the code and the name items. */
  onFound: (code: string, name: string) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [state, setState] = useState<State>({ kind: 'idle' });

  const search = async () => {
    const q = text.trim();
    if (q === '') return setState({ kind: 'empty' });
    const bank = kind === 'branch' ? bankCodeOf(bankCode) : null;
    if (kind === 'branch' && !bank) return setState({ kind: 'bankFirst' });
    setState({ kind: 'busy' });
    try {
      const found = bank
        ? await api('applicant.bank_branches', { query: { bank_code: bank, q } })
        : await api('applicant.banks', { query: { q } });
      setState(found.matches.length === 0 ? { kind: 'none' } : { kind: 'found', ...found });
    } catch {
      // An unknown bank code answers 404: the resident types the branch as for any failed look-up.
      setState({ kind: 'error' });
    }
  };

  const inputId = `${id}-lookup`;
  return (
    <Box sx={{ mt: 1.5 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          id={inputId}
          type="search"
          size="small"
          label={t(kind === 'bank' ? 'applicantForm.bank.bankLabel' : 'applicantForm.bank.branchLabel')}
          helperText={t('applicantForm.bank.hint')}
          value={text}
          autoComplete="off"
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            // Enter searches here; it must not send the page's form.
            if (event.key === 'Enter') {
              event.preventDefault();
              void search();
            }
          }}
          sx={{ maxWidth: 420, flex: 1 }}
          slotProps={{ htmlInput: { 'aria-describedby': `${inputId}-helper-text ${inputId}-status` } }}
        />
        <Button
          variant="outlined"
          onClick={() => void search()}
          disabled={state.kind === 'busy'}
          sx={{ minHeight: 44, minWidth: 88, flexShrink: 0 }}
        >
          {state.kind === 'busy' ? t('applicantForm.bank.searching') : t('applicantForm.bank.search')}
        </Button>
      </Stack>
      <Box role="status" aria-live="polite" id={`${inputId}-status`} sx={{ mt: 1 }}>
        {state.kind === 'empty' || state.kind === 'bankFirst' || state.kind === 'none' ? (
          <Typography>{t(`applicantForm.bank.${state.kind}`)}</Typography>
        ) : null}
        {state.kind === 'error' ? (
          <Typography color="error.dark">{t('applicantForm.bank.error')}</Typography>
        ) : null}
        {state.kind === 'chosen' ? (
          <Typography>
            {t(kind === 'bank' ? 'applicantForm.bank.bankChosen' : 'applicantForm.bank.branchChosen', {
              code: state.match.code,
              name: state.match.name,
            })}
          </Typography>
        ) : null}
        {state.kind === 'found' ? (
          <>
            <Typography>{t('applicantForm.bank.results', { count: state.matches.length })}</Typography>
            {state.more ? <Typography>{t('applicantForm.bank.more')}</Typography> : null}
          </>
        ) : null}
      </Box>
      {state.kind === 'found' ? (
        <List
          dense
          aria-label={t(kind === 'bank' ? 'applicantForm.bank.bankLabel' : 'applicantForm.bank.branchLabel')}
        >
          {state.matches.map((match) => (
            <ListItem key={match.code} disableGutters>
              <Button
                onClick={() => {
                  onFound(match.code, match.name);
                  setState({ kind: 'chosen', match });
                }}
                sx={{ minHeight: 44, justifyContent: 'flex-start', textAlign: 'left' }}
              >
                <span lang="ja">
                  {t('applicantForm.bank.choice', { name: match.name, code: match.code })}
                </span>
              </Button>
            </ListItem>
          ))}
        </List>
      ) : null}
    </Box>
  );
}
