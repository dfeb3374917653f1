// Where the focus goes on a form page: the error summary, the "sign in again" notice, the page's heading
// or a field (`code` or `code.N`), a moment after the page head's own move to the h1 so this one wins.
import { useEffect, useRef, useState } from 'react';
import { fieldId } from './form-model';

export type FormFocus =
  { kind: 'summary' } | { kind: 'session' } | { kind: 'heading' } | { kind: 'field'; code: string } | null;

/**
 * The focus targets and the request to move there. Arriving with `?field=code` on the page that asks it
 * (a change link of the review), the field takes the focus.
 */
export function useFormFocus(pageIndex: number, fieldFromSearch: string | null, fieldPage: number) {
  const summaryRef = useRef<HTMLDivElement>(null);
  const sessionRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [focus, setFocus] = useState<FormFocus>(null);

  useEffect(() => {
    if (fieldFromSearch && fieldPage >= 0) setFocus({ kind: 'field', code: fieldFromSearch });
  }, [fieldFromSearch, fieldPage]);

  useEffect(() => {
    if (!focus) return;
    // After the page head's own focus move (the h1, one frame after a navigation), so this one wins.
    const frame = window.setTimeout(() => {
      if (focus.kind === 'summary') summaryRef.current?.focus();
      else if (focus.kind === 'session') sessionRef.current?.focus();
      else if (focus.kind === 'heading') headingRef.current?.focus();
      else {
        const element = document.getElementById(fieldId(focus.code));
        element?.focus();
        element?.scrollIntoView({ block: 'center' });
        // On a busy device the page head's move to the h1 can come later than this: take the focus back.
        window.setTimeout(() => {
          const now = document.activeElement?.tagName ?? 'BODY';
          if (element && ['H1', 'MAIN', 'BODY'].includes(now)) element.focus();
        }, 400);
      }
      setFocus(null);
    }, 60);
    return () => window.clearTimeout(frame);
  }, [focus, pageIndex]);

  return { summaryRef, sessionRef, headingRef, setFocus };
}
