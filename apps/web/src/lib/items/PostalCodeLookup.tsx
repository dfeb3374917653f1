// The address of a postal code (Japan Post data on the server): one match fills the address item, several
// let the resident choose, none says so. The result is announced (role=status).
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, type ApiResult } from '../api';

type Address = ApiResult<'applicant.addresses'>[number];

/** The address text the form stores: prefecture, city and town (the resident adds the block number). */
export const addressText = (a: Address) => `${a.pref}${a.city}${a.town}`;

/** Digits of a postal code as typed (full-width digits and hyphens allowed), or null unless 7 digits. */
export function normalizePostalCode(text: string): string | null {
  const digits = text
    .normalize('NFKC')
    .replace(/[-‐－ー\s]/g, '')
    .trim();
  return /^\d{7}$/.test(digits) ? digits : null;
}

/**
 * The address after a lookup found `found`: an address already typed that starts with it (block and
 * building number added) is kept; anything else is replaced, and the caller offers to undo.
 */
export function mergeAddress(current: string, found: string): string {
  return current.trim() !== '' && current.normalize('NFKC').startsWith(found.normalize('NFKC'))
    ? current
    : found;
}

export function PostalCodeLookup({
  code,
  postalCode,
  address: current = '',
  onFound,
}: {
  /** Item code of the postal code (for element ids). */
  code: string;
  postalCode: string;
  /** The address as typed now: kept when it already continues the found one. */
  address?: string;
  /** Fills the address (and the normalized postal code). */
  onFound: (address: string, postalCode: string) => void;
}) {
  const [replaced, setReplaced] = useState<{ previous: string; zip: string } | null>(null);
  // Fills the address without losing what was typed: kept when it continues the found text, else undoable.
  const fill = (found: string, zip: string) => {
    const next = mergeAddress(current, found);
    setReplaced(current.trim() !== '' && next !== current ? { previous: current, zip } : null);
    onFound(next, zip);
  };
  const { t } = useTranslation();
  const [state, setState] = useState<
    | { kind: 'idle' }
    | { kind: 'busy' }
    | { kind: 'invalid' }
    | { kind: 'none' }
    | { kind: 'error' }
    | { kind: 'found'; address: string }
    | { kind: 'several'; list: Address[]; zip: string }
  >({ kind: 'idle' });

  const look = async () => {
    const zip = normalizePostalCode(postalCode);
    if (!zip) {
      setState({ kind: 'invalid' });
      return;
    }
    setState({ kind: 'busy' });
    try {
      const list = await api('applicant.addresses', { query: { zipcode: zip } });
      if (list.length === 0) setState({ kind: 'none' });
      else if (list.length === 1) {
        const address = addressText(list[0]!);
        fill(address, zip);
        setState({ kind: 'found', address });
      } else setState({ kind: 'several', list, zip });
    } catch {
      setState({ kind: 'error' });
    }
  };

  return (
    <Box sx={{ mt: 1 }}>
      <Button variant="outlined" size="small" onClick={() => void look()} disabled={state.kind === 'busy'}>
        {state.kind === 'busy' ? t('applicantForm.address.searching') : t('applicantForm.address.search')}
      </Button>
      <Box role="status" aria-live="polite" id={`${code}-lookup`} sx={{ mt: 1 }}>
        {state.kind === 'invalid' ? (
          <Typography color="error.dark">{t('applicantForm.address.invalid')}</Typography>
        ) : null}
        {state.kind === 'none' ? <Typography>{t('applicantForm.address.none')}</Typography> : null}
        {state.kind === 'error' ? (
          <Typography color="error.dark">{t('applicantForm.address.error')}</Typography>
        ) : null}
        {state.kind === 'found' ? (
          <Alert severity="success">
            {t('applicantForm.address.found', { address: state.address })}
            {replaced ? (
              <>
                {' '}
                {t('applicantForm.address.replaced', { previous: replaced.previous })}{' '}
                <Button
                  size="small"
                  onClick={() => {
                    onFound(replaced.previous, replaced.zip);
                    setReplaced(null);
                    setState({ kind: 'idle' });
                  }}
                >
                  {t('applicantForm.address.undo')}
                </Button>
              </>
            ) : null}
          </Alert>
        ) : null}
        {state.kind === 'several' ? (
          <>
            <Typography>{t('applicantForm.address.several', { count: state.list.length })}</Typography>
            <List dense>
              {state.list.map((a) => (
                <ListItem key={addressText(a)} disableGutters>
                  <Button
                    size="small"
                    onClick={() => {
                      const address = addressText(a);
                      fill(address, state.zip);
                      setState({ kind: 'found', address });
                    }}
                  >
                    {addressText(a)}
                  </Button>
                </ListItem>
              ))}
            </List>
          </>
        ) : null}
      </Box>
    </Box>
  );
}
