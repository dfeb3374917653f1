// The changes reflecting would make, grouped by section: where (named steps), what kind, before → after.
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ConfigurationChange } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { countChanges, diffRows, groupBySection, type DiffStep } from './diff-display';

export function DiffList({
  changes,
  names,
  headingLevel = 'h3',
  limit = 200,
}: {
  changes: readonly ConfigurationChange[];
  /** A configuration to name list entries from (the draft). */
  names?: unknown;
  headingLevel?: 'h3' | 'h4';
  limit?: number;
}) {
  const { t } = useTranslation();
  const counts = countChanges(changes);
  const rows = diffRows(changes.slice(0, limit), names);
  const step = (s: DiffStep) =>
    s.kind === 'entry' ? `「${s.label}」` : t(`mastertool.fields.${s.name}`, { defaultValue: s.name });
  if (changes.length === 0) return <Typography>{t('mastertool.diff.none')}</Typography>;
  return (
    <Stack spacing={2}>
      <Typography>
        {t('mastertool.diff.summary', {
          total: changes.length,
          added: counts.added,
          removed: counts.removed,
          changed: counts.changed,
        })}
      </Typography>
      {groupBySection(rows).map((group) => (
        <Box key={group.section}>
          <Typography component={headingLevel} sx={{ fontWeight: 700, mb: 1 }}>
            {t(`mastertool.sections.${group.section || 'group'}`, { defaultValue: group.section })}
          </Typography>
          <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
            {group.rows.map((row, i) => (
              <Box
                component="li"
                key={`${row.path}-${i}`}
                sx={{ borderTop: 1, borderColor: 'divider', py: 1, overflowWrap: 'anywhere' }}
                data-testid="diff-row"
              >
                <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                  <Chip size="small" variant="outlined" label={t(`mastertool.diff.kind.${row.change}`)} />
                  <Typography component="span" variant="body2" sx={{ fontWeight: 700 }}>
                    {row.steps.slice(1).map(step).join(' › ') ||
                      step(row.steps[0] ?? { kind: 'field', name: '' })}
                  </Typography>
                </Stack>
                {row.change !== 'added' ? (
                  <Typography variant="body2">
                    {t('mastertool.diff.before')}:{' '}
                    <Box component="span" sx={{ fontFamily: 'monospace' }}>
                      {row.before}
                    </Box>
                  </Typography>
                ) : null}
                {row.change !== 'removed' ? (
                  <Typography variant="body2">
                    {t('mastertool.diff.after')}:{' '}
                    <Box component="span" sx={{ fontFamily: 'monospace' }}>
                      {row.after}
                    </Box>
                  </Typography>
                ) : null}
              </Box>
            ))}
          </Box>
        </Box>
      ))}
      {changes.length > limit ? (
        <Typography variant="body2">
          {t('mastertool.diff.more', { count: changes.length - limit })}
        </Typography>
      ) : null}
    </Stack>
  );
}
