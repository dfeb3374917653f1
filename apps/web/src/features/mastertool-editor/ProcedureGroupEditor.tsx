// The procedure-group editor: a working copy of the draft in typed tabs (group and disclosure, items,
// procedures, attaches, concierge set, rules, workflows and reports, residents' texts), JSON only as a tab's
// expert view. Saving checks the whole draft first (shape and broken references, the same checks the
// server makes) and refuses with a list of problems that each lead to their field; what was typed is never
// lost on a refusal or a server error.
import SaveIcon from '@mui/icons-material/Save';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { ProcedureGroupConfiguration } from '@portal/contracts';
import { publicationCheck } from '@portal/rules';
import { useQueryClient } from '@tanstack/react-query';
import { useBlocker } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, useApiMutation } from '../../lib/api';
import { useSnackbar } from '../../lib/layout/snackbar';
import { AttachesTab } from './AttachesTab';
import { BasicsTab } from './BasicsTab';
import { ConciergeTab } from './ConciergeTab';
import type { Config, Edit, EditorReference, ReportJson } from './editor-state';
import { FieldProblems } from './fields';
import { LiveDraftProblems } from './JsonInput';
import { itemPathOf } from './standard-items';
import { StandardItemsTab } from './StandardItemsTab';
import { StepTextsTab } from './StepTextsTab';
import { WorkflowsTab } from './WorkflowsTab';
import { problemMessage, problemPlace } from './problem-text';
import { ProceduresTab } from './ProceduresTab';
import { GoToPlace } from './go-to-place';
import { PlaceButton, PublicationCheckPanel } from './PublicationCheckPanel';
import { RulesTab } from './RulesTab';
import { partsNotSavedAsSent } from './saved-as-sent';
import {
  conciergePathOf,
  EDITOR_TABS,
  fieldId,
  parsePath,
  serverProblems,
  tabOf,
  toPath,
  validateDraft,
  type DraftProblem,
  type EditorTab,
} from './validation';

const FOCUSABLE = 'input:not([type="hidden"]), textarea, [role="combobox"], button, [tabindex]';

/** The input of a path, or of the nearest enclosing path that has one. */
function inputFor(path: string): HTMLElement | null {
  const segments = parsePath(path);
  for (let n = segments.length; n > 0; n--) {
    const el = document.getElementById(fieldId(toPath(segments.slice(0, n))));
    if (el) return el.matches(FOCUSABLE) ? el : (el.querySelector<HTMLElement>(FOCUSABLE) ?? el);
  }
  return null;
}

/** The pause in typing after which the draft is checked again. */
const LIVE_CHECK_MS = 300;

export function ProcedureGroupEditor({
  groupId,
  initial,
  reference,
  actions,
  initialPath,
}: {
  groupId: number;
  initial: ProcedureGroupConfiguration;
  /** What the tabs offer to pick from (reference data). */
  reference: EditorReference;
  /** Links shown beside the save button (preview, reflect); told whether there are unsaved changes. */
  actions?: (dirty: boolean) => ReactNode;
  /** A place to open first (a link from the reflection page's check), as a configuration path. */
  initialPath?: string;
}) {
  const { t } = useTranslation();
  const notify = useSnackbar();
  const queryClient = useQueryClient();
  const [config, setConfig] = useState<Config>(initial);
  const [savedJson, setSavedJson] = useState(() => JSON.stringify(initial));
  const [tab, setTab] = useState<EditorTab>('basics');
  const [problems, setProblems] = useState<DraftProblem[] | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [jsonErrors, setJsonErrors] = useState<ReadonlyMap<string, string>>(new Map());
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const [focusPath, setFocusPath] = useState<string | null>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const [focusSummary, setFocusSummary] = useState(0);
  const save = useApiMutation('operator.procedure_group.update');
  const dirty = JSON.stringify(config) !== savedJson;

  const edit: Edit = useCallback(
    (change) =>
      setConfig((current) => {
        const next = structuredClone(current);
        change(next);
        return next;
      }),
    [],
  );
  const reportJson: ReportJson = useCallback(
    (path, message) =>
      setJsonErrors((current) => {
        if ((current.get(path) ?? null) === message) return current;
        const next = new Map(current);
        if (message === null) next.delete(path);
        else next.set(path, message);
        return next;
      }),
    [],
  );
  const panels = useMemo(
    () => ({
      open,
      toggle: (path: string, isOpen: boolean) =>
        setOpen((current) => {
          const next = new Set(current);
          if (isOpen) next.add(path);
          else next.delete(path);
          return next;
        }),
    }),
    [open],
  );

  // Leaving the editor with unsaved changes asks first (inside the app with a dialog, else the browser's).
  const blocker = useBlocker({
    shouldBlockFn: () => dirty,
    enableBeforeUnload: () => dirty,
    withResolver: true,
  });

  useEffect(() => {
    if (focusSummary > 0) summaryRef.current?.focus();
  }, [focusSummary]);

  // After "go to the field": the tab and the question panel are open; focus the input once it is there.
  useEffect(() => {
    if (focusPath === null) return;
    let tries = 0;
    let frame = 0;
    const attempt = () => {
      const el = inputFor(focusPath);
      if (el) {
        el.focus();
        el.scrollIntoView({ block: 'center' });
        setFocusPath(null);
      } else if (tries++ < 20) frame = requestAnimationFrame(attempt);
      else setFocusPath(null);
    };
    frame = requestAnimationFrame(attempt);
    return () => cancelAnimationFrame(frame);
  }, [focusPath, tab, open]);

  // The draft checked again after each pause in typing: the JSON fields show its problems at their lines.
  // Checked at once on opening: a panel appearing later would move the tabs under the operator's pointer.
  const [live, setLive] = useState<readonly DraftProblem[]>(() => validateDraft(initial));
  // The pre-reflection check reads a draft of the contract's shape only (else the save problems say why).
  const [checked, setChecked] = useState<Config | null>(() =>
    live.some((p) => p.code === 'invalid_value') ? null : initial,
  );
  useEffect(() => {
    const timer = setTimeout(() => {
      const found = validateDraft(config);
      setLive(found);
      setChecked(found.some((p) => p.code === 'invalid_value') ? null : config);
    }, LIVE_CHECK_MS);
    return () => clearTimeout(timer);
  }, [config]);

  // The check sits below the tabs (its changes move nothing the operator points at); the bar counts it.
  const checkRef = useRef<HTMLDivElement>(null);
  const checkCount = useMemo(() => {
    if (!checked) return null;
    const found = publicationCheck(checked);
    const errors = found.filter((p) => p.severity === 'error').length;
    return { errors, warnings: found.length - errors };
  }, [checked]);

  const messages = useMemo(() => {
    const map = new Map<string, string>();
    for (const p of problems ?? []) if (!map.has(p.path)) map.set(p.path, problemMessage(t, p));
    for (const [path, message] of jsonErrors) map.set(path, message);
    return map;
  }, [problems, jsonErrors, t]);

  const goTo = useCallback(
    (path: string) => {
      setTab(tabOf(path));
      const panel = conciergePathOf(path) ?? itemPathOf(path);
      if (panel) panels.toggle(panel, true);
      setFocusPath(path);
    },
    [panels],
  );
  // Opened at a place (from the reflection page's check): that tab and field first, once.
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current || !initialPath) return;
    opened.current = true;
    goTo(initialPath);
  }, [initialPath, goTo]);

  const onSave = () => {
    setServerError(null);
    const found: DraftProblem[] = [
      ...[...jsonErrors].map(([path, detail]) => ({
        path,
        code: 'invalid_value' as const,
        value: null,
        detail,
      })),
      ...(jsonErrors.size > 0 ? [] : validateDraft(config)),
    ];
    if (found.length > 0) {
      setProblems(found);
      setFocusSummary((n) => n + 1);
      return;
    }
    setProblems(null);
    const sent = config;
    save.mutate(
      { query: { reflection_manager_id: groupId }, body: { procedure_group: sent } },
      {
        onSuccess: (result) => {
          void queryClient.invalidateQueries();
          // "Saved" only when the server stored exactly what was sent; else the edit stays, unsaved.
          const differs = partsNotSavedAsSent(sent, result.procedure_group);
          if (differs.length > 0) {
            setServerError(t('mastertool.editor.notSavedAsSent', { parts: differs.join(', ') }));
            setFocusSummary((n) => n + 1);
            return;
          }
          setConfig(result.procedure_group);
          setSavedJson(JSON.stringify(result.procedure_group));
          notify(t('mastertool.editor.saved'), 'success');
        },
        onError: (error) => {
          setServerError(error.message);
          if (isApiError(error)) {
            const withPlace = serverProblems(error.problems).filter((p) => p.path !== '');
            setProblems(withPlace.length > 0 ? withPlace : null);
          }
          setFocusSummary((n) => n + 1);
        },
      },
    );
  };

  const tabPanel = (name: EditorTab) => {
    switch (name) {
      case 'basics':
        return <BasicsTab config={config} edit={edit} />;
      case 'items':
        return (
          <StandardItemsTab
            config={config}
            edit={edit}
            library={reference.standardItems}
            panels={panels}
            reportJson={reportJson}
          />
        );
      case 'procedures':
        return <ProceduresTab config={config} edit={edit} reference={reference} />;
      case 'workflows':
        return (
          <WorkflowsTab
            config={config}
            edit={edit}
            departments={reference.departments}
            reportJson={reportJson}
          />
        );
      case 'attaches':
        return <AttachesTab config={config} edit={edit} attachCodes={reference.attachCodes} />;
      case 'concierge':
        return <ConciergeTab config={config} edit={edit} panels={panels} />;
      case 'rules':
        return <RulesTab config={config} edit={edit} reportJson={reportJson} />;
      case 'texts':
        return <StepTextsTab config={config} edit={edit} />;
    }
  };

  const failed = (problems?.length ?? 0) > 0 || serverError !== null;

  return (
    <FieldProblems.Provider value={messages}>
      <GoToPlace.Provider value={goTo}>
        <LiveDraftProblems.Provider value={live}>
          <Stack spacing={2}>
            <Paper
              variant="outlined"
              sx={{
                p: 2,
                // Sticky only where there is room for it; on a phone it would hide half the screen.
                position: { xs: 'static', md: 'sticky' },
                top: { md: 64 },
                zIndex: 2,
                display: 'flex',
                gap: 1,
                flexWrap: 'wrap',
                alignItems: 'center',
              }}
            >
              <Button variant="contained" startIcon={<SaveIcon />} onClick={onSave} disabled={save.isPending}>
                {save.isPending ? t('mastertool.editor.saving') : t('mastertool.editor.save')}
              </Button>
              <Button
                variant="text"
                disabled={!dirty || save.isPending}
                onClick={() => {
                  setConfig(JSON.parse(savedJson) as Config);
                  setProblems(null);
                  setServerError(null);
                  setJsonErrors(new Map());
                }}
              >
                {t('mastertool.editor.discard')}
              </Button>
              {actions?.(dirty)}
              {checkCount ? (
                <Link
                  component="button"
                  type="button"
                  variant="body2"
                  onClick={() => {
                    checkRef.current?.focus();
                    checkRef.current?.scrollIntoView({ block: 'start' });
                  }}
                >
                  {checkCount.errors + checkCount.warnings === 0
                    ? t('mastertoolCheck.linkPassed')
                    : t('mastertoolCheck.link', checkCount)}
                </Link>
              ) : null}
              <Typography variant="body2" role="status" sx={{ ml: { sm: 'auto' } }}>
                {dirty ? t('mastertool.editor.unsaved') : t('mastertool.editor.allSaved')}
              </Typography>
            </Paper>

            {failed ? (
              <Alert severity="error" ref={summaryRef} tabIndex={-1} data-testid="editor-problems">
                <AlertTitle component="h2" sx={{ fontSize: '1.125rem', fontWeight: 700 }}>
                  {serverError !== null && (problems?.length ?? 0) === 0
                    ? t('mastertool.editor.serverRefused')
                    : t('mastertool.editor.problemsTitle', { count: problems?.length ?? 0 })}
                </AlertTitle>
                {serverError !== null ? (
                  <Typography sx={{ whiteSpace: 'pre-line', mb: 1 }}>{serverError}</Typography>
                ) : (
                  <Typography sx={{ mb: 1 }}>{t('mastertool.editor.problemsIntro')}</Typography>
                )}
                {(problems?.length ?? 0) > 0 ? (
                  <Box component="ul" sx={{ m: 0, pl: 3 }}>
                    {(problems ?? []).slice(0, 50).map((p, i) => (
                      <li key={`${p.path}-${i}`}>
                        <Link
                          component="button"
                          type="button"
                          onClick={() => goTo(p.path)}
                          sx={{ textAlign: 'left' }}
                        >
                          {problemPlace(t, config, p.path)}
                        </Link>
                        {': '}
                        {problemMessage(t, p)}
                      </li>
                    ))}
                  </Box>
                ) : null}
              </Alert>
            ) : null}

            <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
              <Tabs
                value={tab}
                onChange={(_, value: EditorTab) => setTab(value)}
                variant="scrollable"
                allowScrollButtonsMobile
                aria-label={t('mastertool.editor.tabsLabel')}
              >
                {EDITOR_TABS.map((name) => (
                  <Tab
                    key={name}
                    value={name}
                    label={
                      name === 'texts' ? t('mastertoolStepTexts.tab') : t(`mastertool.editor.tabs.${name}`)
                    }
                    id={`editor-tab-${name}`}
                    aria-controls={name === tab ? `editor-panel-${name}` : undefined}
                  />
                ))}
              </Tabs>
            </Box>
            <Box role="tabpanel" id={`editor-panel-${tab}`} aria-labelledby={`editor-tab-${tab}`}>
              {tabPanel(tab)}
            </Box>
            {checked ? (
              <Box id="publication-check-panel" tabIndex={-1} ref={checkRef}>
                <PublicationCheckPanel
                  config={checked}
                  intro={t('mastertoolCheck.introEditor')}
                  link={(path, label) => <PlaceButton label={label} onClick={() => goTo(path)} />}
                />
              </Box>
            ) : null}
            <Dialog
              open={blocker.status === 'blocked'}
              onClose={() => blocker.reset?.()}
              aria-labelledby="leave-title"
              aria-describedby="leave-text"
            >
              <DialogTitle id="leave-title">{t('mastertool.editor.leaveTitle')}</DialogTitle>
              <DialogContent>
                <DialogContentText id="leave-text">{t('mastertool.editor.leaveText')}</DialogContentText>
              </DialogContent>
              <DialogActions>
                <Button variant="contained" onClick={() => blocker.reset?.()}>
                  {t('mastertool.editor.stay')}
                </Button>
                <Button color="error" onClick={() => blocker.proceed?.()}>
                  {t('mastertool.editor.leave')}
                </Button>
              </DialogActions>
            </Dialog>
          </Stack>
        </LiveDraftProblems.Provider>
      </GoToPlace.Provider>
    </FieldProblems.Provider>
  );
}
