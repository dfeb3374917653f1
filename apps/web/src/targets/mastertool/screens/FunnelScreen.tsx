// /municipalities/{code}/procedure-groups/{id}/funnel: where residents give up (decision 0053), per
// published version: how many applications reached each step and question page, as numbers and a bar.
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { FunnelEntry } from '@portal/contracts';
import { useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMunicipalityCode } from '../../../features/mastertool-env/environments';
import { useApiQuery } from '../../../lib/api';
import { useLanguage } from '../../../lib/i18n/useLanguage';
import { LoadError, Loading } from '../../../lib/layout/feedback';
import { usePageTitle } from '../../../lib/router/head';
import { MastertoolPage } from '../components/MastertoolPage';
import { ScrollTable } from '../components/ScrollTable';

export function FunnelScreen() {
  const { t } = useTranslation();
  const language = useLanguage();
  const code = useMunicipalityCode();
  const { groupId } = useParams({ strict: false }) as { groupId: string };
  const id = Number(groupId);
  const manager = useApiQuery('operator.reflection_managers.get', {
    params: { code, reflectionManagerId: id },
  });
  const funnel = useApiQuery('operator.funnel', { params: { code, procedureGroupId: id } });
  const [picked, setPicked] = useState<number | null>(null);
  const title = t('mastertool.funnel.title', { name: manager.data?.name ?? groupId });
  usePageTitle(title);
  const versions = funnel.data?.versions ?? [];
  const shown = versions.find((v) => v.configuration_version === picked) ?? versions[0];
  const started = shown?.entries[0]?.reached ?? 0;
  const label = (e: FunnelEntry) =>
    e.kind === 'step' && e.step
      ? t(`applications.step.${e.step}`)
      : t('mastertool.funnel.question', { name: (language === 'en' && e.en?.name) || e.name });
  return (
    <MastertoolPage
      title={title}
      intro={t('mastertool.funnel.intro')}
      back={{ to: `/municipalities/${code}`, label: t('mastertool.backToManagers') }}
    >
      {funnel.isPending ? <Loading /> : null}
      {funnel.isError ? <LoadError title={t('mastertool.funnel.loadError')} error={funnel.error} /> : null}
      {funnel.isSuccess && !shown ? <Typography>{t('mastertool.funnel.none')}</Typography> : null}
      {shown ? (
        <Paper component="section" variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <TextField
            select
            label={t('mastertool.funnel.version')}
            value={shown.configuration_version}
            onChange={(event) => setPicked(Number(event.target.value))}
            sx={{ mb: 2, minWidth: 200 }}
          >
            {versions.map((v) => (
              <MenuItem key={v.configuration_version} value={v.configuration_version}>
                {t('mastertool.funnel.versionOption', { version: v.configuration_version })}
              </MenuItem>
            ))}
          </TextField>
          <ScrollTable
            label={t('mastertool.funnel.tableLabel', { version: shown.configuration_version })}
            columns={[
              t('mastertool.funnel.page'),
              t('mastertool.funnel.reached'),
              t('mastertool.funnel.share'),
            ]}
          >
            <TableBody>
              {shown.entries.map((e) => {
                const share = started > 0 ? Math.round((e.reached / started) * 100) : 0;
                return (
                  <TableRow key={e.key}>
                    <TableCell component="th" scope="row">
                      {label(e)}
                    </TableCell>
                    <TableCell align="right">{e.reached}</TableCell>
                    <TableCell sx={{ minWidth: 160 }}>
                      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                        {/* The bar repeats the number beside it: hidden from screen readers. */}
                        <Box
                          aria-hidden
                          sx={{ height: 12, width: `${(share * 120) / 100}px`, bgcolor: 'primary.main' }}
                        />
                        <span>{share}%</span>
                      </Box>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </ScrollTable>
        </Paper>
      ) : null}
    </MastertoolPage>
  );
}
