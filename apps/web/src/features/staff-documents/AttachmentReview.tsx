// Side-by-side review (issue 32 item 5): an attachment opened from the detail screen shows beside the
// answers on a wide screen (>= 1280 px: answers left, the attachment right in a pane that stays in the
// viewport and scrolls on its own) and in a dialog on narrower ones. Either is titled by the document the
// file is (its slot, 「通帳の写し」), the file name below; previous/next go through the attachments;
// Esc or 閉じる closes and focus returns to the button that opened it. Images fit the frame or zoom;
// PDFs show as before, a blob: URL of this origin in a frame (the CSP allows nothing else).
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import CloseIcon from '@mui/icons-material/Close';
import FitScreenIcon from '@mui/icons-material/FitScreen';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import ZoomOutIcon from '@mui/icons-material/ZoomOut';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { fetchFile, saveBlob } from '../../lib/jobs/download';
import { visuallyHidden } from '../../lib/layout/visually-hidden';
import { errorText } from '../../lib/staff/errors';
import type { DocumentDetail } from './DocumentDetailScreen';

type Attachment = DocumentDetail['attachments'][number];
type Slots = DocumentDetail['attachment_slots'];

/** From this viewport width the attachment opens beside the answers instead of over them. */
export const SIDE_BY_SIDE_QUERY = '(min-width:1280px)';

/** The document a file is (its slot's name, 「通帳の写し」); its file name when the slot is gone. */
export function slotNameOf(slots: Slots, attachment: Attachment): string {
  return (
    slots.find((s) => s.standard_item_code === attachment.standard_item_code)?.name ?? attachment.file_name
  );
}

export interface AttachmentReview {
  /** The attachment shown (an index into the document's attachments), null when none is. */
  index: number | null;
  /** Counts the opens: each one moves focus into the pane, even onto the attachment already shown. */
  opened: number;
  /** Opens attachment `index`; focus returns to `opener` on close. */
  open: (index: number, opener: HTMLElement | null) => void;
  /** Shows another attachment in the open viewer (previous/next). */
  show: (index: number) => void;
  close: () => void;
}

export const AttachmentReviewContext = createContext<AttachmentReview | null>(null);

/** The review's state: which attachment is open and which button to give focus back to. */
export function useAttachmentReviewState(count: number): AttachmentReview {
  const [state, setState] = useState<{ index: number | null; opened: number }>({ index: null, opened: 0 });
  const opener = useRef<HTMLElement | null>(null);
  const open = useCallback((index: number, from: HTMLElement | null) => {
    opener.current = from;
    setState((s) => ({ index, opened: s.opened + 1 }));
  }, []);
  const show = useCallback((index: number) => setState((s) => ({ ...s, index })), []);
  const close = useCallback(() => {
    setState((s) => ({ ...s, index: null }));
    const back = opener.current;
    opener.current = null;
    // After the pane or dialog has gone (a dialog restores focus itself; this wins either way).
    if (back)
      setTimeout(() => {
        if (back.isConnected) back.focus();
      }, 0);
  }, []);
  const index = state.index !== null && state.index < count ? state.index : null;
  return { index, opened: state.opened, open, show, close };
}

/**
 * The detail's sections with the review around them: on a wide screen an open attachment takes the right
 * half in a pane; on a narrow one it opens in a dialog over the sections.
 */
export function AttachmentReviewLayout({
  document: doc,
  children,
}: {
  document: Pick<DocumentDetail, 'id' | 'attachments' | 'attachment_slots'>;
  children: ReactNode;
}) {
  const wide = useMediaQuery(SIDE_BY_SIDE_QUERY, { noSsr: true });
  const review = useAttachmentReviewState(doc.attachments.length);
  const shown = review.index !== null;
  const viewer = { document: doc, review };
  return (
    <AttachmentReviewContext.Provider value={review}>
      <Box
        data-testid="review-layout"
        sx={
          wide && shown
            ? {
                display: 'grid',
                gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)',
                columnGap: 3,
                alignItems: 'start',
              }
            : undefined
        }
      >
        <Stack spacing={3} sx={{ minWidth: 0 }}>
          {children}
        </Stack>
        {wide && shown ? <AttachmentPane {...viewer} /> : null}
      </Box>
      {!wide && shown ? <AttachmentDialog {...viewer} /> : null}
    </AttachmentReviewContext.Provider>
  );
}

interface ViewerProps {
  document: Pick<DocumentDetail, 'id' | 'attachments' | 'attachment_slots'>;
  review: AttachmentReview;
}

/** What both the pane and the dialog show about the open attachment. */
function useViewer({ document: doc, review }: ViewerProps) {
  const { t } = useTranslation();
  const index = review.index ?? 0;
  const attachment = doc.attachments[index]!;
  const total = doc.attachments.length;
  const name = slotNameOf(doc.attachment_slots, attachment);
  const meta = t('staff.attachments.meta', {
    file: attachment.file_name,
    type: t(`staff.attachments.type.${attachment.type}`),
    size: Math.ceil(attachment.size / 1024),
  });
  const position = t('staff.attachmentReview.position', { n: index + 1, total });
  // Previous/next go round: the buttons never disable under the focus that pressed them.
  const step = (by: number) => review.show((index + by + total) % total);
  return { attachment, total, name, meta, position, step };
}

/** Previous / next between the attachments (none when there is only one). */
function Stepper({ total, step }: { total: number; step: (by: number) => void }) {
  const { t } = useTranslation();
  if (total < 2) return null;
  return (
    <>
      <Button size="small" variant="outlined" startIcon={<ChevronLeftIcon />} onClick={() => step(-1)}>
        {t('staff.attachmentReview.previous')}
      </Button>
      <Button size="small" variant="outlined" endIcon={<ChevronRightIcon />} onClick={() => step(1)}>
        {t('staff.attachmentReview.next')}
      </Button>
    </>
  );
}

/** The pane beside the answers: a named region that takes focus when opened and closes with Esc. */
export function AttachmentPane(props: ViewerProps) {
  const { t } = useTranslation();
  const { review } = props;
  const { attachment, total, name, meta, position, step } = useViewer(props);
  const pane = useRef<HTMLElement>(null);
  const titleId = useId();
  // Focus into the pane on each open (also when the list opens another file while the pane is open).
  useLayoutEffect(() => {
    pane.current?.focus();
  }, [review.opened]);
  // Said once the clerk moves to another file: focus stays on the button, the title changed beside it.
  const [moved, setMoved] = useState(false);
  const move = (by: number) => {
    setMoved(true);
    step(by);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && !event.defaultPrevented) {
      event.preventDefault();
      review.close();
    }
  };
  return (
    <Paper
      component="section"
      variant="outlined"
      ref={pane}
      tabIndex={-1}
      aria-label={t('staff.attachmentReview.region', { name })}
      data-testid="attachment-pane"
      onKeyDown={onKeyDown}
      sx={{
        position: 'sticky',
        // Below the fixed app bar (64 px), with a margin above and below.
        top: 80,
        height: 'calc(100vh - 96px)',
        minHeight: 360,
        display: 'flex',
        flexDirection: 'column',
        overflow: 'hidden',
        '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      <Box sx={{ p: 2, borderBottom: 1, borderColor: 'divider' }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="body2" color="text.secondary">
              {t('staff.attachmentReview.kicker')}
              {total > 1 ? `（${position}）` : ''}
            </Typography>
            <Typography
              id={titleId}
              component="h2"
              variant="h2"
              sx={{ fontSize: '1.25rem', overflowWrap: 'anywhere' }}
            >
              {name}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {meta}
            </Typography>
          </Box>
          <Button variant="outlined" startIcon={<CloseIcon />} onClick={review.close} sx={{ flexShrink: 0 }}>
            {t('common.close')}
          </Button>
        </Stack>
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ mt: 1.5, flexWrap: 'wrap', alignItems: 'center' }}
        >
          <Stepper total={total} step={move} />
          <Typography variant="body2" color="text.secondary" sx={{ ml: 'auto' }}>
            {t('staff.attachmentReview.escHint')}
          </Typography>
        </Stack>
        <Box role="status" sx={visuallyHidden}>
          {moved ? t('staff.attachmentReview.nowShowing', { name, position }) : ''}
        </Box>
      </Box>
      <Box sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column', p: 2 }}>
        <AttachmentFile documentId={props.document.id} attachment={attachment} name={name} />
      </Box>
    </Paper>
  );
}

/** Below 1280 px: the same viewer in a dialog over the page, titled by the slot. */
export function AttachmentDialog(props: ViewerProps) {
  const { t } = useTranslation();
  const { review } = props;
  const { attachment, total, name, meta, position, step } = useViewer(props);
  const titleId = useId();
  return (
    <Dialog open onClose={review.close} fullWidth maxWidth="md" aria-labelledby={titleId}>
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {name}
        <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
          {total > 1 ? `${position}・` : ''}
          {meta}
        </Typography>
      </DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', height: '70vh' }}>
        <AttachmentFile documentId={props.document.id} attachment={attachment} name={name} />
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Stepper total={total} step={step} />
        <Box sx={{ flex: 1 }} />
        <Button onClick={review.close} variant="contained">
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Zoom steps of an image, as multiples of the frame's width; 0 is "fit the frame". */
const ZOOMS = [0, 1.5, 2, 3, 4] as const;

/** The file itself: loading, its error, the image (fit or zoomed) or the PDF frame, and its download. */
function AttachmentFile({
  documentId,
  attachment,
  name,
}: {
  documentId: string;
  attachment: Attachment;
  name: string;
}) {
  const { t } = useTranslation();
  const [state, setState] = useState<{ url: string; blob: Blob } | { error: string } | null>(null);
  const [zoom, setZoom] = useState(0);
  useEffect(() => {
    let url: string | null = null;
    let live = true;
    setState(null);
    setZoom(0);
    fetchFile('staff.documents.attachment', { documentId, attachmentId: String(attachment.id) }).then(
      (blob) => {
        if (!live) return;
        // Framed as what it was checked to be on upload: a PDF or an image, never a page that could run.
        url = URL.createObjectURL(new Blob([blob], { type: attachment.content_type }));
        setState({ url, blob });
      },
      (error: unknown) => live && setState({ error: errorText(t, error) }),
    );
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [documentId, attachment.id, attachment.content_type, t]);
  const pdf = attachment.content_type === 'application/pdf';
  const scale = ZOOMS[zoom] ?? 0;
  const zoomBy = (by: number) => setZoom((z) => Math.min(ZOOMS.length - 1, Math.max(0, z + by)));
  const onFrameKey = (event: KeyboardEvent) => {
    if (event.key === '+' || event.key === '=') zoomBy(1);
    else if (event.key === '-') zoomBy(-1);
    else if (event.key === '0') setZoom(0);
    else return;
    event.preventDefault();
  };
  const ready = state && 'url' in state ? state : null;
  return (
    <Stack spacing={1} sx={{ flex: 1, minHeight: 0 }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        {!pdf ? (
          <>
            <Button size="small" startIcon={<ZoomOutIcon />} onClick={() => zoomBy(-1)} disabled={zoom === 0}>
              {t('staff.attachmentReview.zoomOut')}
            </Button>
            <Button
              size="small"
              startIcon={<ZoomInIcon />}
              onClick={() => zoomBy(1)}
              disabled={zoom === ZOOMS.length - 1}
            >
              {t('staff.attachmentReview.zoomIn')}
            </Button>
            <Button
              size="small"
              startIcon={<FitScreenIcon />}
              onClick={() => setZoom(0)}
              disabled={zoom === 0}
            >
              {t('staff.attachmentReview.fit')}
            </Button>
            <Typography variant="body2" aria-live="polite" sx={{ whiteSpace: 'nowrap' }}>
              {scale === 0
                ? t('staff.attachmentReview.fitting')
                : t('staff.attachmentReview.zoomLevel', { percent: scale * 100 })}
            </Typography>
          </>
        ) : null}
        <Button
          size="small"
          sx={{ ml: 'auto' }}
          disabled={!ready}
          onClick={() => ready && saveBlob(ready.blob, attachment.file_name)}
        >
          {t('staff.attachments.download')}
        </Button>
      </Stack>
      {state === null ? <Typography role="status">{t('common.loading')}</Typography> : null}
      {state && 'error' in state ? (
        <Alert severity="error" role="alert">
          {state.error}
        </Alert>
      ) : null}
      {ready ? (
        pdf ? (
          <Box
            component="iframe"
            src={ready.url}
            title={t('staff.attachments.pdfTitle', { name: `${name}（${attachment.file_name}）` })}
            sx={{
              flex: 1,
              minHeight: 320,
              width: '100%',
              border: 1,
              borderColor: 'divider',
              display: 'block',
            }}
          />
        ) : (
          // The frame scrolls a zoomed image: focusable so the arrow keys move it (+, - and 0 zoom).
          <Box
            role="group"
            tabIndex={0}
            aria-label={t('staff.attachmentReview.imageFrame', { name })}
            onKeyDown={onFrameKey}
            data-testid="attachment-frame"
            sx={{
              flex: 1,
              minHeight: 240,
              overflow: 'auto',
              border: 1,
              borderColor: 'divider',
              bgcolor: 'grey.100',
              '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: -3 },
            }}
          >
            <Box
              component="img"
              src={ready.url}
              alt={t('staff.attachments.imageAlt', { name: `${name}（${attachment.file_name}）` })}
              sx={
                scale === 0
                  ? { display: 'block', width: '100%', height: '100%', objectFit: 'contain' }
                  : { display: 'block', width: `${scale * 100}%`, height: 'auto', maxWidth: 'none' }
              }
            />
          </Box>
        )
      ) : null}
    </Stack>
  );
}

/** Returns the review of the detail screen, or null outside one (a list shown on its own). */
export function useAttachmentReview(): AttachmentReview | null {
  return useContext(AttachmentReviewContext);
}

/** Beside the answers' heading on a wide screen: opens the first attachment beside them. */
export function OpenBesideButton({ count }: { count: number }) {
  const { t } = useTranslation();
  const wide = useMediaQuery(SIDE_BY_SIDE_QUERY, { noSsr: true });
  const review = useAttachmentReview();
  // Stays while the pane is open: focus comes back to it when the pane closes.
  if (!wide || !review || count === 0) return null;
  return (
    <Button variant="outlined" size="small" onClick={(e) => review.open(0, e.currentTarget)}>
      {t('staff.attachmentReview.openBeside')}
    </Button>
  );
}
