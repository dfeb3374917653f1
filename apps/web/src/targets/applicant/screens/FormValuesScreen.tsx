// formValues: the answers read back per page of the form, each with where it came from and a change
// link that opens the form at its field (and returns here); answers that differ from the card or the
// registry are flagged (issue 12); then on to the attachments. Each child of a repeatable group is read
// back, a later one's rows named 「子の名（2人目）」 (decision 0013). A sent application is read back here
// too (「申請内容を見る」, issue 33): no change links, its attached files listed and downloadable.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { hiddenChecker, initialValues, pagesOf } from '../../../features/form/form-model';
import { displayValue, keepsTogether } from '../../../lib/items/display-value';
import type { FormDefinition, FormValuesResult } from '../../../lib/items/form-types';
import { AttachedFiles } from '../../../features/completion/OwnAttachments';
import { CorrectionList } from '../../../features/form/CorrectionList';
import { correctionsOf, mayCorrect } from '../../../features/form/corrections';
import { MismatchSummary, mismatchId } from '../../../features/form/MismatchSummary';
import { mismatchText, SourceNote } from '../../../lib/items/SourceNote';
import { groupOf, repetitionValues, reviewFields, type RepeatField } from '../../../features/form/repeats';
import { mismatchOf, savedByKey, sourceNote, statesByKey } from '../../../lib/items/sources';
import { useFormData } from '../../../features/form/use-form-data';
import { isEditable, screenPath, type Application } from '../../../lib/application/application';
import { LoadError, Loading } from '../../../lib/layout/feedback';
import { visuallyHidden } from '../../../lib/layout/visually-hidden';
import { Localized, useLocalized } from '../../../lib/i18n/localized';
import { usePageTitle } from '../../../lib/router/head';
import { RouterButton, RouterLink } from '../../../lib/router/RouterLink';

/** 「変更」 as a tap target of at least 44×44 px (GOV.UK's size; WCAG 2.2's 24 px is the floor), 0043. */
const changeLinkSx = {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minHeight: 44,
  minWidth: 44,
  px: 1,
  whiteSpace: 'nowrap',
} as const;

export function FormValuesScreen() {
  const { t } = useTranslation();
  const { code, app, application, definition, values, failed, retry } = useFormData();
  // A sent application is read back, not checked: its own heading (the list is usually known already).
  const sent = application !== undefined && application !== null && !isEditable(application);
  const heading = sent ? t('applicantForm.review.sentHeading') : t('screens.formValues');
  usePageTitle(heading);

  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h1" gutterBottom>
          {heading}
        </Typography>
        <Typography>
          {sent ? t('applicantForm.review.sentIntro') : t('applicantForm.review.intro')}
        </Typography>
      </Box>
      {failed ? (
        <LoadError title={t('applicantForm.form.loadError')} error={failed} onRetry={retry} />
      ) : app.missing ? (
        <Typography>
          {t('applicantForm.common.notFound')}{' '}
          <RouterLink to={`/municipalities/${code}/applications`}>
            {t('applicantForm.common.toList')}
          </RouterLink>
        </Typography>
      ) : application && definition.data && values.data ? (
        <Review code={code} application={application} definition={definition.data} saved={values.data} />
      ) : (
        <Loading />
      )}
    </Stack>
  );
}

function Review({
  code,
  application,
  definition,
  saved,
}: {
  code: string;
  application: Application;
  definition: FormDefinition;
  saved: FormValuesResult;
}) {
  const { t } = useTranslation();
  const loc = useLocalized();
  const pages = useMemo(() => pagesOf(definition), [definition]);
  const values = useMemo(() => initialValues(definition, saved), [definition, saved]);
  const hiddenBy = useMemo(() => hiddenChecker(definition), [definition]);
  const states = useMemo(() => statesByKey(saved), [saved]);
  const savedValues = useMemo(() => savedByKey(saved), [saved]);
  const editable = isEditable(application);
  // A remand that names fields: only those have a change link, each with staff's note (decision 0023).
  const corrections = correctionsOf(application);
  const changeable = (key: string) => editable && mayCorrect(corrections, key, savedValues[key]);
  // Every repetition the server counts is read back, each with its own hidden rules.
  const countOf = (code: string) => saved.repeat_groups.find((r) => r.code === code)?.count ?? 1;
  const isHidden = ({ item, sequence }: RepeatField) => {
    const group = sequence > 1 ? groupOf(definition, item.code) : undefined;
    return hiddenBy(item.code, group ? repetitionValues(group, values, sequence) : values);
  };
  const fieldsOf = (page: (typeof pages)[number]) =>
    reviewFields(definition, page, (g) => countOf(g.code)).filter((f) => !isHidden(f));
  const shownFields = pages.flatMap(fieldsOf);
  const missing = shownFields.filter((f) => f.item.required && displayValue(f.item, values[f.key]) === '');
  // Flags are for what the resident can still change; a submitted application is read only.
  const mismatchFor = (key: string) => (editable ? mismatchOf(states.get(key), values[key]) : null);
  /** 「子の名」, and 「子の名（2人目）」 for a later repetition. */
  const labelOf = ({ item, sequence }: RepeatField) => {
    const name = loc.field(item, 'name');
    return sequence > 1
      ? { ...name, text: name.text + t('applicantForm.repeat.labelSuffix', { n: sequence }) }
      : name;
  };
  const flagged = shownFields
    .filter((f) => mismatchFor(f.key))
    .map((f) => ({ code: f.key, label: labelOf(f).text }));

  return (
    <Stack spacing={3}>
      {application.status === 'remanded' && application.remand_message ? (
        <Alert severity="warning" data-testid="remand-message">
          <Box component="h2" sx={{ fontSize: '1rem', fontWeight: 700, m: 0, mb: 0.5 }}>
            {t('applications.remandHeading')}
          </Box>
          {application.remand_message}
        </Alert>
      ) : null}
      {missing.length > 0 && editable ? (
        <Typography color="error.dark" sx={{ fontWeight: 700 }} role="alert">
          {t('applicantForm.review.missing', { count: missing.length })}
        </Typography>
      ) : null}
      {editable && corrections ? (
        <CorrectionList
          corrections={corrections}
          fields={shownFields.map((f) => ({ key: f.key, label: labelOf(f).text }))}
          formPath={screenPath(code, application.id, 'form')}
          attachmentsPath={screenPath(code, application.id, 'attached')}
        />
      ) : null}
      <MismatchSummary flagged={flagged} />
      {pages.map((page, index) => {
        const shown = fieldsOf(page);
        if (shown.length === 0) return null;
        const headingId = `review-page-${index}`;
        return (
          <Paper
            key={page.name}
            component="section"
            variant="outlined"
            aria-labelledby={headingId}
            sx={{ p: { xs: 2, sm: 3 } }}
          >
            <Typography variant="h2" id={headingId} gutterBottom>
              <Localized text={loc.field(page, 'name')} />
            </Typography>
            {/* On a phone the label and its 「変更」 share a row, the answer below: a shorter page (0043). */}
            <Box
              component="dl"
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: '1fr auto', sm: 'minmax(10rem, 16rem) 1fr auto' },
                gridAutoFlow: 'row dense',
                columnGap: 2,
                rowGap: { xs: 0, sm: 1.5 },
                alignItems: 'center',
                m: 0,
              }}
            >
              {shown.map((field) => {
                const { item, key } = field;
                const text = displayValue(item, values[key], loc.language);
                const mismatch = mismatchFor(key);
                const label = labelOf(field);
                return (
                  <Box key={key} sx={{ display: 'contents' }} data-testid={`review-${key}`}>
                    <Typography
                      component="dt"
                      sx={{ fontWeight: 700, mt: { xs: 1, sm: 0 }, gridColumn: { xs: 1, sm: 'auto' } }}
                    >
                      <Localized text={label} />
                    </Typography>
                    <Typography
                      component="dd"
                      sx={{ m: 0, overflowWrap: 'anywhere', gridColumn: { xs: '1 / -1', sm: 'auto' } }}
                    >
                      {text ? (
                        keepsTogether(item) ? (
                          <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                            {text}
                          </Box>
                        ) : (
                          text
                        )
                      ) : (
                        <Box component="span" sx={{ color: item.required ? 'error.main' : 'text.secondary' }}>
                          {item.required
                            ? t('applicantForm.review.unanswered')
                            : t('applicantForm.review.none')}
                        </Box>
                      )}
                      <SourceNote
                        code={key}
                        source={sourceNote(states.get(key), savedValues[key], values[key])}
                      />
                      {editable && corrections?.has(key) ? (
                        <Alert severity="warning" role="note" sx={{ mt: 1 }}>
                          {t('applicantForm.correction.note', { note: corrections.get(key) })}
                        </Alert>
                      ) : null}
                      {mismatch ? (
                        <Alert
                          severity="warning"
                          role="note"
                          id={mismatchId(key)}
                          tabIndex={-1}
                          data-testid={mismatchId(key)}
                          sx={{ mt: 1, '&:focus': { outline: '3px solid', outlineOffset: 2 } }}
                        >
                          {mismatchText(t, mismatch, displayValue(item, mismatch.verified, loc.language))}
                        </Alert>
                      ) : null}
                    </Typography>
                    <Box component="dd" sx={{ m: 0, gridColumn: { xs: 2, sm: 'auto' } }}>
                      {changeable(key) ? (
                        <RouterLink
                          to={screenPath(code, application.id, 'form')}
                          search={{ field: key, from: 'review' } as never}
                          sx={changeLinkSx}
                        >
                          {t('applicantForm.review.change')}
                          <Box component="span" sx={visuallyHidden}>
                            {t('applicantForm.review.changeWhat', { label: label.text })}
                          </Box>
                        </RouterLink>
                      ) : null}
                    </Box>
                  </Box>
                );
              })}
            </Box>
          </Paper>
        );
      })}
      {editable ? (
        <Box>
          <RouterButton
            variant="contained"
            size="large"
            to={screenPath(code, application.id, 'attached')}
            disabled={missing.length > 0}
          >
            {t('applicantForm.review.next')}
          </RouterButton>
        </Box>
      ) : (
        <SentExtras code={code} application={application} />
      )}
    </Stack>
  );
}

/** A sent application read back: its attached files (downloadable), the way to its copy and the list. */
function SentExtras({ code, application }: { code: string; application: Application }) {
  const { t } = useTranslation();
  return (
    <>
      <Paper component="section" variant="outlined" aria-labelledby="sent-files" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h2" id="sent-files" gutterBottom>
          {t('applicantForm.review.sentFiles')}
        </Typography>
        <AttachedFiles code={code} applicationId={application.id} />
      </Paper>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        <RouterButton variant="outlined" to={screenPath(code, application.id, 'complete')}>
          {t('applicantForm.review.sentCopy')}
        </RouterButton>
        <RouterButton variant="outlined" to={`/municipalities/${code}/applications`}>
          {t('applicantForm.review.toList')}
        </RouterButton>
      </Stack>
    </>
  );
}
