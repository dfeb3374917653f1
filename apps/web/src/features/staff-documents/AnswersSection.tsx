// The answers of the document, by section, with the item names of the form; staff who may edit change
// values here, checked as the applicant form checks them before anything is sent, and the server's
// refusals shown at the field they name; each field is the one of its type the applicant's screens use
// (lib/items). Nothing typed is lost on an error. Each value that came from the
// card, the registry, the public funds account or an answer carries its source (decision 0012); an
// answer that differs from the card or the registry is flagged with both values, as the resident's review
// flagged it (issue 32; the server's flag, by the rules' answerMismatch).
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorFields, isApiError, useApiMutation } from '../../lib/api';
import { StandardItemField } from '../../lib/items/StandardItemField';
import { Loading } from '../../lib/layout/feedback';
import { useSnackbar } from '../../lib/layout/snackbar';
import { AnswerSource, AnswerSourceLegend } from './AnswerSource';
import { displayValue } from '../../lib/items/display-value';
import { useLanguage } from '../../lib/i18n/useLanguage';
import { answerKey, answerRows, changedValues, checkValue, type AnswerRow, type Value } from './answers';
import { ConflictNotice } from './ConflictNotice';
import { isStale, rebaseAnswers, type Clash } from './conflicts';
import { reloadDocument, storeDocument } from './detail-cache';
import type { DocumentDetail } from './DocumentDetailScreen';
import { errorText } from '../../lib/staff/errors';
import { can } from '../../lib/staff/permissions';
import { useStaffUser } from '../../lib/staff/staff-context';
import { useDocumentForm } from './use-document-form';

const FINAL = ['completed', 'rejected', 'withdrawn'];

export function AnswersSection({ document: doc }: { document: DocumentDetail }) {
  const { t } = useTranslation();
  const user = useStaffUser();
  const { form, isPending } = useDocumentForm(doc);
  const rows = useMemo(
    () =>
      answerRows(
        form.data?.fragments ?? [],
        doc.procedure_code,
        doc.standard_item_fragments,
        form.data?.repeatable_groups,
      ),
    [form.data, doc.procedure_code, doc.standard_item_fragments],
  );
  const [editing, setEditing] = useState(false);
  const mayEdit = can(user, 'documents.edit') && !FINAL.includes(doc.status);

  if (isPending) return <Loading />;
  return (
    <Stack spacing={2}>
      {!can(user, 'documents.edit') ? (
        <Alert severity="info">{t('staff.answers.editNotAllowed')}</Alert>
      ) : FINAL.includes(doc.status) ? (
        <Alert severity="info">{t('staff.answers.editFinal')}</Alert>
      ) : null}
      {editing ? (
        <AnswersEditor document={doc} rows={rows} onDone={() => setEditing(false)} />
      ) : (
        <>
          <AnswersTable rows={rows} />
          {mayEdit ? (
            <div>
              <Button variant="outlined" onClick={() => setEditing(true)}>
                {t('staff.answers.edit')}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </Stack>
  );
}

/** 子の名（2人目） / 子の名 (no. 2): which child a row of a repeatable group is about (decision 0013). */
function useRowLabel() {
  const { t } = useTranslation();
  return (row: AnswerRow) => {
    const name = row.item?.name ?? row.code;
    if (!row.numbered) return name;
    return t(row.group ? 'staff.answers.repetition' : 'staff.answers.sequence', { name, n: row.sequence });
  };
}

/** The element id of an answer's difference flag (the summary's links point here). */
export const mismatchId = (key: string) => `answer-mismatch-${key.replace('#', '-')}`;

/**
 * The count of answers that differ from the card or the registry, in the resident's review's words, with
 * a link to each flag: a warning to check, not an error.
 */
function MismatchSummary({ rows }: { rows: AnswerRow[] }) {
  const { t } = useTranslation();
  const rowLabel = useRowLabel();
  if (rows.length === 0) return null;
  return (
    <Alert
      severity="warning"
      role="note"
      aria-labelledby="answers-mismatch-summary"
      data-testid="answers-mismatch-summary"
    >
      <AlertTitle id="answers-mismatch-summary" component="h3" sx={{ fontSize: '1rem', fontWeight: 700 }}>
        {t('staff.answers.mismatch.summary', { count: rows.length })}
      </AlertTitle>
      <Typography variant="body2">{t('staff.answers.mismatch.told')}</Typography>
      <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 3 }}>
        {rows.map((row) => (
          <li key={row.key}>
            <Link
              href={`#${mismatchId(row.key)}`}
              color="inherit"
              sx={{ fontWeight: 700, display: 'inline-block', minHeight: 24, py: 0.25 }}
              onClick={(event) => {
                event.preventDefault();
                const flag = document.getElementById(mismatchId(row.key));
                flag?.focus();
                flag?.scrollIntoView({ block: 'center' });
              }}
            >
              {rowLabel(row)}
            </Link>
          </li>
        ))}
      </Box>
    </Alert>
  );
}

/** One answer's flag: a marker in words, what was entered and what the card or the registry holds. */
function MismatchFlag({ row }: { row: AnswerRow }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const mismatch = row.mismatch;
  if (!mismatch) return null;
  const shown = (value: Value) => displayValue(row.item, value, language) || t('staff.answers.blank');
  return (
    <Alert
      severity="warning"
      role="note"
      id={mismatchId(row.key)}
      tabIndex={-1}
      data-testid={mismatchId(row.key)}
      sx={{ mt: 1, py: 0, whiteSpace: 'normal', '&:focus': { outline: '3px solid', outlineOffset: 2 } }}
    >
      <Box component="strong" sx={{ display: 'block' }}>
        {t('staff.answers.mismatch.flag')}
      </Box>
      <Box component="span" sx={{ display: 'block' }}>
        {t('staff.answers.mismatch.typed', { value: shown(row.value) })}
      </Box>
      <Box component="span" sx={{ display: 'block' }}>
        {t('staff.answers.mismatch.verified', {
          source: t(`staff.answers.mismatch.source.${mismatch.source}`),
          value: shown(mismatch.verified),
        })}
      </Box>
    </Alert>
  );
}

export function AnswersTable({ rows }: { rows: AnswerRow[] }) {
  const { t } = useTranslation();
  const rowLabel = useRowLabel();
  const language = useLanguage();
  const sections = [...new Set(rows.map((r) => r.section))];
  return (
    <Stack spacing={2}>
      <MismatchSummary rows={rows.filter((r) => r.mismatch !== null)} />
      <AnswerSourceLegend />
      {sections.map((section) => (
        <Box key={section || '_'}>
          <Typography component="h3" variant="h3" sx={{ fontSize: '1.05rem', mb: 1 }}>
            {section || t('staff.answers.other')}
          </Typography>
          <Box
            component="dl"
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: 'minmax(10rem, 1fr) 2fr' },
              columnGap: 2,
              rowGap: 0.5,
              m: 0,
              '& dt': { fontWeight: 700 },
              '& dd': { m: 0, mb: { xs: 1, sm: 0 }, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
            }}
          >
            {rows
              .filter((r) => r.section === section)
              .map((row) => (
                <Box key={row.key} sx={{ display: 'contents' }}>
                  <dt>{rowLabel(row)}</dt>
                  <dd>
                    {displayValue(row.item, row.value, language) || t('staff.answers.blank')}
                    <AnswerSource source={row.source} />
                    <MismatchFlag row={row} />
                  </dd>
                </Box>
              ))}
          </Box>
        </Box>
      ))}
    </Stack>
  );
}

function AnswersEditor({
  document: doc,
  rows,
  onDone,
}: {
  document: DocumentDetail;
  rows: AnswerRow[];
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const notify = useSnackbar();
  const queryClient = useQueryClient();
  const editable = rows.filter((r) => r.item !== null);
  const [values, setValues] = useState<Record<string, Value>>(() =>
    Object.fromEntries(editable.map((r) => [r.key, r.value])),
  );
  // What the edit started from (decision 0034): the version sent as If-Match and the values then, so
  // that after someone else's change the clerk's changes can be carried onto the answers as they are now.
  const [base, setBase] = useState(() => ({ version: doc.version, values: { ...values } }));
  const [conflict, setConflict] = useState<{ reloaded: boolean; clashes: Clash[] } | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const update = useApiMutation('staff.documents.update');
  const rowLabel = useRowLabel();
  const language = useLanguage();

  const reload = async () => {
    const fresh = await reloadDocument(queryClient, doc.id);
    const now = new Map(
      fresh.standard_item_fragments.map((a) => [answerKey(a.standard_item_code, a.sequence), a.value]),
    );
    const current = Object.fromEntries(editable.map((r) => [r.key, now.get(r.key) ?? null]));
    const rebased = rebaseAnswers(base.values, values, current);
    setValues(rebased.values);
    setBase({ version: fresh.version, values: current });
    setConflict({ reloaded: true, clashes: rebased.clashes });
  };
  const clashText = (clash: Clash) => {
    const row = editable.find((r) => r.key === clash.key);
    const shown = (v: Value) => displayValue(row?.item ?? null, v, language) || t('staff.answers.blank');
    return t('staff.conflict.clash', {
      item: row ? rowLabel(row) : clash.key,
      current: shown(clash.current),
      mine: shown(clash.mine),
    });
  };

  // The rules' check of an answer (as the applicant's screens and the server), in the staff's words.
  const problem = (row: AnswerRow, value: Value) => {
    const issue = row.item ? checkValue(row.item, value) : null;
    return issue === null
      ? null
      : issue.key === 'required'
        ? t('staff.answers.required')
        : t('staff.answers.invalid', {
            detail: t(
              `applicantForm.problem.${issue.key}` as 'applicantForm.problem.invalid',
              issue.values ?? {},
            ),
          });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    // Compared with what the edit started from, not with a document reloaded meanwhile.
    const changed = changedValues(
      editable.map((r) => ({ ...r, value: base.values[r.key] ?? null })),
      values,
    );
    const found: Record<string, string> = {};
    for (const row of editable) {
      if (!changed.some((c) => c.standard_item_code === row.code && c.sequence === row.sequence)) continue;
      const issue = problem(row, values[row.key] ?? null);
      if (issue) found[row.key] = issue;
    }
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      document.getElementById(`answer-${first}`)?.focus();
      return;
    }
    if (changed.length === 0) {
      notify(t('staff.answers.nothingChanged'), 'info');
      onDone();
      return;
    }
    update.mutate(
      { params: { documentId: doc.id }, ifMatch: base.version, body: { standard_item_fragments: changed } },
      {
        onSuccess: (updated) => {
          storeDocument(queryClient, updated);
          notify(t('staff.answers.saved'), 'success');
          onDone();
        },
        onError: (error) => {
          if (isStale(error)) {
            setConflict({ reloaded: false, clashes: [] });
            return;
          }
          if (isApiError(error)) {
            // The rows the server named, marked in the app's words (its message is not shown).
            const byField: Record<string, string> = {};
            for (const field of errorFields(error)) {
              // A later repetition is named `code.2` (the server's fieldOf); an exact name wins.
              const row =
                editable.find((r) => field === (r.sequence > 1 ? `${r.code}.${r.sequence}` : r.code)) ??
                editable.find((r) => field.includes(r.code));
              if (row) byField[row.key] = t('errors.field');
            }
            setErrors(byField);
          }
          setFailure(errorText(t, error));
        },
      },
    );
  };

  return (
    <Stack
      component="form"
      spacing={2}
      noValidate
      onSubmit={submit}
      aria-label={t('staff.answers.editTitle')}
    >
      {failure ? (
        <Alert severity="error" role="alert">
          {failure}
        </Alert>
      ) : null}
      {conflict ? (
        <ConflictNotice
          message={t(conflict.reloaded ? 'staff.conflict.answersReloaded' : 'staff.conflict.answers')}
          onReload={conflict.reloaded ? undefined : reload}
        >
          {conflict.clashes.length > 0 ? (
            <>
              <Typography variant="body2">{t('staff.conflict.clashes')}</Typography>
              <Box component="ul" sx={{ m: 0, pl: 3 }}>
                {conflict.clashes.map((c) => (
                  <Typography component="li" variant="body2" key={c.key}>
                    {clashText(c)}
                  </Typography>
                ))}
              </Box>
            </>
          ) : null}
        </ConflictNotice>
      ) : null}
      {editable.map((row) => (
        <StandardItemField
          key={row.key}
          item={row.item!}
          id={`answer-${row.key}`}
          fieldKey={row.key}
          layout="page"
          label={rowLabel(row)}
          value={values[row.key] ?? null}
          required={row.item!.required}
          error={errors[row.key]}
          // A resident's answers: the browser must not offer the clerk's own name or address.
          ownDetails={false}
          onChange={(value) => setValues((v) => ({ ...v, [row.key]: value }))}
        />
      ))}
      <Stack direction="row" spacing={2}>
        <Button type="submit" variant="contained" disabled={update.isPending}>
          {t('staff.answers.save')}
        </Button>
        <Button type="button" onClick={onDone}>
          {t('staff.common.cancel')}
        </Button>
      </Stack>
    </Stack>
  );
}
