// Small parts of the assistant's pages: the page's illustration, "why am I seeing this", the category's
// title, and the scoped-out message with what to do instead.
import ChildFriendlyIcon from '@mui/icons-material/ChildFriendly';
import DescriptionIcon from '@mui/icons-material/Description';
import FamilyRestroomIcon from '@mui/icons-material/FamilyRestroom';
import HelpOutlineIcon from '@mui/icons-material/HelpOutline';
import PaymentsIcon from '@mui/icons-material/Payments';
import PregnantWomanIcon from '@mui/icons-material/PregnantWoman';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ConciergeCategory } from '@portal/contracts';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Localized, useLocalized, type LocalizedText } from '../../lib/i18n/localized';
import { RouterLink } from '../../lib/router/RouterLink';
import type { Reason } from './assistant';
import { reasonText } from './reasons';

const images: Record<string, typeof ChildFriendlyIcon> = {
  birth: ChildFriendlyIcon,
  pregnancy: PregnantWomanIcon,
  family: FamilyRestroomIcon,
  document: DescriptionIcon,
  money: PaymentsIcon,
};

/** The page's illustration by its image_type (decorative: the heading says what the page is about). */
export function PageImage({ type }: { type: string | null }) {
  const Icon = type ? images[type] : undefined;
  if (!Icon) return null;
  return (
    <Box
      aria-hidden="true"
      data-image-type={type}
      sx={{
        flex: '0 0 auto',
        width: { xs: 56, sm: 72 },
        height: { xs: 56, sm: 72 },
        borderRadius: '50%',
        backgroundColor: '#E8F1FE',
        color: 'primary.main',
        display: 'grid',
        placeItems: 'center',
      }}
    >
      <Icon sx={{ fontSize: { xs: 32, sm: 40 } }} />
    </Box>
  );
}

/** "Why am I seeing this": a button that shows the reasons below it. */
export function Why({ id, label, reasons }: { id: string; label: string; reasons: Reason[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Box>
      <Button
        size="small"
        startIcon={<HelpOutlineIcon aria-hidden="true" />}
        aria-expanded={open}
        aria-controls={`${id}-why`}
        onClick={() => setOpen(!open)}
        sx={{ px: 0.5 }}
      >
        {label}
      </Button>
      <Box
        id={`${id}-why`}
        hidden={!open}
        sx={{ mt: 0.5, pl: 1.5, borderLeft: 3, borderColor: 'primary.main' }}
      >
        <Typography variant="body2" component="div">
          {reasons.length === 1 ? (
            reasonText(t, reasons[0]!)
          ) : (
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {reasons.map((r, i) => (
                <li key={i}>{reasonText(t, r)}</li>
              ))}
            </Box>
          )}
        </Typography>
      </Box>
    </Box>
  );
}

/** The title of a page's category, in the page's language. */
export function CategoryTitle({ category }: { category: ConciergeCategory | undefined }) {
  const { field } = useLocalized();
  return category ? <Localized text={field(category, 'title')} /> : null;
}

/** The scoped-out message: why the online route ends here, and what to do instead. */
export function ScopedOut({
  code,
  messages,
  alertRef,
  children,
}: {
  code: string;
  messages: LocalizedText[];
  alertRef?: (element: HTMLDivElement | null) => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Alert severity="warning" data-testid="scoped-out" ref={alertRef} tabIndex={-1}>
      <AlertTitle component="h2" sx={{ fontSize: '1.25rem', fontWeight: 700 }}>
        {t('applicantFlow.assistant.scopedOutHeading')}
      </AlertTitle>
      {messages.map((message) => (
        <Typography key={message.text} sx={{ fontWeight: 700 }} gutterBottom>
          <Localized text={message} />
        </Typography>
      ))}
      <Typography component="h3" sx={{ fontWeight: 700, mt: 1.5 }}>
        {t('applicantFlow.assistant.insteadHeading')}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        <li>{t('applicantFlow.assistant.insteadCounter')}</li>
        <li>{t('applicantFlow.assistant.insteadChange')}</li>
        <li>
          {t('applicantFlow.assistant.insteadLater')}{' '}
          <RouterLink to={`/municipalities/${code}/applications`}>
            {t('applicantFlow.common.toApplications')}
          </RouterLink>
        </li>
      </Box>
      {children}
    </Alert>
  );
}
