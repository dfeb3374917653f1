// The way ahead (decision 0042) as the server derived it from the group's configuration: the steps in
// order (where the resident is, once there is an application) and what to have at hand. It only renders:
// which steps, routes, signatures and documents there are is decided by the server's one rule.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ResidentTexts, WayAhead, WayStep } from '@portal/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ResidentText } from '../../lib/application/resident-texts';
import { Localized, useLocalized } from '../../lib/i18n/localized';

type Prepare = WayAhead['prepare'][number];

/** The numbered steps; `aria-current="step"` on the current one. Titles are headings of `level`. */
export function WaySteps({
  way,
  texts,
  level,
  testId = 'steps',
}: {
  way: WayAhead;
  /** The group's own step texts (decision 0028): they replace the default body of a step. */
  texts: ResidentTexts | undefined;
  level: 'h3' | 'h4';
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid={testId}>
      {way.steps.map(({ step, state }, i) => {
        const here = state === 'current';
        const done = state === 'done';
        return (
          <Box
            component="li"
            key={step}
            aria-current={here ? 'step' : undefined}
            data-step={step}
            sx={{
              display: 'flex',
              gap: 2,
              py: 1.5,
              borderBottom: i < way.steps.length - 1 ? 1 : 0,
              borderColor: 'divider',
            }}
          >
            <Box
              aria-hidden="true"
              sx={{
                flex: '0 0 auto',
                width: 32,
                height: 32,
                borderRadius: '50%',
                display: 'grid',
                placeItems: 'center',
                fontWeight: 700,
                bgcolor: here ? 'primary.main' : done ? 'success.dark' : 'grey.200',
                color: here || done ? 'common.white' : 'text.primary',
              }}
            >
              {i + 1}
            </Box>
            <Box sx={{ minWidth: 0 }}>
              <Typography component={level} sx={{ fontWeight: 700, fontSize: '1rem' }}>
                <StepTitle way={way} step={step} />
                {here ? (
                  <Typography component="span" sx={{ ml: 1, fontSize: '0.875rem', color: 'primary.main' }}>
                    {t('applicantFlow.steps.current')}
                  </Typography>
                ) : done ? (
                  <Typography component="span" sx={{ ml: 1, fontSize: '0.875rem', color: 'success.dark' }}>
                    {t('applicantFlow.steps.done')}
                  </Typography>
                ) : null}
              </Typography>
              <Typography variant="body2" component="div" sx={{ whiteSpace: 'pre-line' }}>
                <StepBody way={way} step={step} texts={texts} />
              </Typography>
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}

function StepTitle({ way, step }: { way: WayAhead; step: WayStep }) {
  const { t } = useTranslation();
  if (step === 'filter' || step === 'sign_in') return <>{t(`applicantFlow.way.step.${step}.title`)}</>;
  if (step === 'signature' && way.signatures.length === 0) {
    return <>{t('applicantFlow.way.signatureNone.title')}</>;
  }
  return <>{t(`applicantFlow.steps.step.${step}.title`)}</>;
}

/** A step's explanation: the group's text where it words one, else what the configuration implies. */
function StepBody({
  way,
  step,
  texts,
}: {
  way: WayAhead;
  step: WayStep;
  texts: ResidentTexts | undefined;
}): ReactNode {
  const { t, i18n } = useTranslation();
  if (step === 'filter' || step === 'sign_in') return t(`applicantFlow.way.step.${step}.body`);
  const some = way.attaches_of !== 'chosen';
  let fallback: ReactNode = t(`applicantFlow.steps.step.${step}.body`);
  if (step === 'identification') {
    const routes = new Intl.ListFormat(i18n.language, { type: 'disjunction' }).format(
      way.identification_routes.map((r) => t(`applicantFlow.way.routes.${r}`)),
    );
    const lines = [t('applicantFlow.way.identification', { routes })];
    if (way.identified_by_sign_in) lines.push(t('applicantFlow.way.identificationBySignIn'));
    else if (
      way.identification_routes.includes('jpki') &&
      way.steps.find((s) => s.step === 'sign_in')?.state === 'ahead'
    ) {
      lines.push(t('applicantFlow.way.identificationCardOnce'));
    }
    fallback = lines.join('\n');
  } else if (step === 'attachments' && some) {
    fallback = `${t('applicantFlow.steps.step.attachments.body')}\n${t('applicantFlow.way.attachmentsSome')}`;
  } else if (step === 'signature') {
    fallback =
      way.signatures.length === 0
        ? t('applicantFlow.way.signatureNone.body')
        : way.signatures
            .map((kind) =>
              kind === 'digital'
                ? t(some ? 'applicantFlow.way.signatureDigitalSome' : 'applicantFlow.way.signatureDigital')
                : t(
                    some
                      ? 'applicantFlow.way.signatureHandwrittenSome'
                      : 'applicantFlow.way.signatureHandwritten',
                  ),
            )
            .join('\n');
  }
  return <ResidentText texts={texts} place={step} fallback={fallback} />;
}

/** What to have at hand for the steps still ahead. */
export function WayPrepare({ way }: { way: WayAhead }) {
  const { t } = useTranslation();
  const loc = useLocalized();
  const line = (item: Prepare): ReactNode => {
    if (item.kind !== 'attach') return t(`applicantFlow.way.prepare.${item.kind}`);
    const name = loc.field(item.attach, 'name');
    const key = item.attach.type === 'PH' ? 'attachPH' : 'attachOR';
    // The document's name may be Japanese on an English page: marked as such.
    const [before, after] = t(`applicantFlow.way.prepare.${key}`, { name: '\u0000' }).split('\u0000');
    return (
      <>
        {before}
        <Localized text={name} />
        {after}
      </>
    );
  };
  const hasAttach = way.prepare.some((p) => p.kind === 'attach');
  return (
    <Box data-testid="way-prepare">
      {way.prepare.length === 0 ? (
        <Typography>{t('applicantFlow.way.prepareNone')}</Typography>
      ) : (
        <Box component="ul" sx={{ pl: 3, my: 0, '& li': { mb: 0.5 } }}>
          {way.prepare.map((item) => (
            <li key={item.kind === 'attach' ? `${item.attach.type}:${item.attach.name}` : item.kind}>
              {line(item)}
            </li>
          ))}
        </Box>
      )}
      {hasAttach && way.attaches_of !== 'chosen' ? (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {t('applicantFlow.way.prepareSome')}
        </Typography>
      ) : null}
    </Box>
  );
}
