// A screen's form that is also a plain HTML form (issue 36, decision 0061): before the script runs, or
// without it, the browser posts it to the page's own path with the CSRF token the server put in, and the
// server answers with the next page. With the script, `onSubmit` handles it and nothing is posted.
import Box from '@mui/material/Box';
import { PAGE_FORM_CSRF_FIELD, PAGE_FORM_CSRF_PLACEHOLDER } from '@portal/contracts/http-names';
import { useEffect, useRef, type ReactNode, type Ref } from 'react';

export function PageForm({
  action,
  fields,
  onSubmit,
  adopt,
  children,
  ref,
}: {
  /** The page's own path: the server handles the post. */
  action: string;
  /** Hidden fields: what the page's address says (the procedure group, the answers so far). */
  fields: Record<string, string | number | undefined>;
  onSubmit: () => void;
  /**
   * Called once, when the script takes over, with what the form holds then: React keeps a tick or a
   * choice made on the server's HTML before it ran, but does not tell the screen (no change event).
   */
  adopt?: (fields: Readonly<Record<string, string>>) => void;
  children: ReactNode;
  ref?: Ref<HTMLFormElement>;
}) {
  const own = useRef<HTMLFormElement | null>(null);
  // The browser's own checks (`required`) apply until the script runs; then the screen's messages do.
  // Set on the element, not rendered: the server's HTML and the first render in the browser match.
  useEffect(() => {
    const form = own.current;
    if (!form) return;
    form.noValidate = true;
    const fields: Record<string, string> = {};
    new FormData(form).forEach((value, name) => {
      if (typeof value === 'string') fields[name] = value;
    });
    adopt?.(fields);
    // Once, when the form first appears: later changes reach the screen through its own handlers.
  }, []);
  return (
    <Box
      component="form"
      method="post"
      action={action}
      ref={(element: HTMLFormElement | null) => {
        own.current = element;
        if (typeof ref === 'function') ref(element);
        else if (ref) ref.current = element;
      }}
      onSubmit={(event: React.FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <input type="hidden" name={PAGE_FORM_CSRF_FIELD} value={PAGE_FORM_CSRF_PLACEHOLDER} />
      {Object.entries(fields).map(([name, value]) =>
        value === undefined ? null : <input key={name} type="hidden" name={name} value={String(value)} />,
      )}
      {children}
    </Box>
  );
}
