// Someone saved another memo after this screen read it (decision 0034): the clerk's text and the memo
// saved now, side by side, with who saved it and when; keep both (merged into the field to edit) or
// 「再読み込み」 (the memo now, the clerk's text dropped, as the help says).
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiResult } from '../../lib/api';
import { formatDateTime } from '../../lib/i18n';
import { useLanguage } from '../../lib/i18n/useLanguage';
import { ConflictNotice } from './ConflictNotice';

export function MemoConflict({
  mine,
  mineConfirmed,
  current,
  onKeepBoth,
  onReload,
}: {
  mine: string;
  mineConfirmed: boolean;
  current: ApiResult<'staff.documents.memos.get'>;
  onKeepBoth: () => void;
  onReload: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const keepBothHelp = useId();
  const at = current.updated_at ? formatDateTime(current.updated_at, language) : '';
  const yesNo = (v: boolean) => t(v ? 'staff.conflict.yes' : 'staff.conflict.no');
  return (
    <ConflictNotice
      title={t('staff.conflict.memoTitle')}
      message={t('staff.conflict.memo')}
      onReload={onReload}
      actions={
        <Button variant="contained" onClick={onKeepBoth} aria-describedby={keepBothHelp}>
          {t('staff.conflict.keepBoth')}
        </Button>
      }
    >
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <MemoVersion
          heading={t('staff.conflict.mine')}
          text={mine}
          confirmed={t('staff.conflict.confirmedMine', { value: yesNo(mineConfirmed) })}
          testId="memo-mine"
        />
        <MemoVersion
          heading={
            current.updated_by
              ? t('staff.conflict.current', { who: current.updated_by, at })
              : t('staff.conflict.currentAt', { at })
          }
          text={current.municipality_memos ?? ''}
          confirmed={t('staff.conflict.confirmedCurrent', { value: yesNo(current.is_confirmed) })}
          testId="memo-current"
        />
      </Box>
      <Typography variant="body2" id={keepBothHelp}>
        {t('staff.conflict.keepBothHelp')}
      </Typography>
      <Typography variant="body2">{t('staff.conflict.reloadHelp')}</Typography>
    </ConflictNotice>
  );
}

function MemoVersion({
  heading,
  text,
  confirmed,
  testId,
}: {
  heading: string;
  text: string;
  confirmed: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      data-testid={testId}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, bgcolor: 'background.paper' }}
    >
      <Typography id={headingId} component="h4" variant="subtitle2" sx={{ fontWeight: 700, mb: 0.5 }}>
        {heading}
      </Typography>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {text.trim() === '' ? t('staff.conflict.empty') : text}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {confirmed}
      </Typography>
    </Box>
  );
}
