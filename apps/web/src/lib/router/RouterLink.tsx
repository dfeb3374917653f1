// An MUI link or button that navigates with the router (client-side) and still renders a real <a href>.
import Button, { type ButtonProps } from '@mui/material/Button';
import Link, { type LinkProps } from '@mui/material/Link';
import { createLink } from '@tanstack/react-router';
import { forwardRef } from 'react';

const MuiLinkAnchor = forwardRef<HTMLAnchorElement, LinkProps>(function MuiLinkAnchor(props, ref) {
  return <Link ref={ref} {...props} />;
});

const MuiButtonAnchor = forwardRef<HTMLAnchorElement, ButtonProps<'a'>>(function MuiButtonAnchor(props, ref) {
  return <Button ref={ref} component="a" {...props} />;
});

/** `<RouterLink to="/municipalities/999999">` */
export const RouterLink = createLink(MuiLinkAnchor);
/** `<RouterButton to="..." variant="contained">` */
export const RouterButton = createLink(MuiButtonAnchor);
