// The staff and master-tool frame: app bar, navigation drawer (256 px) that folds into a rail (56 px) on
// wide screens and slides in over the page on narrow ones (spec §9).
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton, { type ListItemButtonProps } from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { useTheme } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { createLink, useLocation } from '@tanstack/react-router';
import { forwardRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Target } from '../../target';
import { browserStorage } from '../i18n';
import type { ScreenKey } from '../router/static-data';
import { layout } from '../theme/themes';
import { LanguageSwitch } from './LanguageSwitch';
import { SkipLink } from './SkipLink';

export interface NavItem {
  to: string;
  titleKey: ScreenKey;
  icon: ReactNode;
}

const RAIL_STORAGE_KEY = 'portal.navigation.rail';
const DRAWER_ID = 'main-navigation';

const NavLink = createLink(
  forwardRef<HTMLAnchorElement, Omit<ListItemButtonProps<'a'>, 'component'>>(function NavLink(props, ref) {
    return <ListItemButton ref={ref} component="a" {...props} />;
  }),
);

function readRail(): boolean {
  try {
    return browserStorage()?.getItem(RAIL_STORAGE_KEY) === '1';
  } catch {
    return false;
  }
}

export function AreaShell({
  target,
  items,
  userName,
  onSignOut,
  children,
}: {
  target: Exclude<Target, 'applicant'>;
  /** Navigation entries; none (e.g. on the sign-in screen) hides the drawer. */
  items: readonly NavItem[];
  userName?: string | null;
  onSignOut?: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [rail, setRail] = useState(readRail);
  const [mobileOpen, setMobileOpen] = useState(false);
  const path = useLocation({ select: (l) => l.pathname });
  const hasNavigation = items.length > 0;
  const collapsed = wide && rail;
  const width = !hasNavigation ? 0 : wide ? (rail ? layout.railWidth : layout.drawerWidth) : 0;

  const toggle = () => {
    if (!wide) {
      setMobileOpen((open) => !open);
      return;
    }
    setRail((value) => {
      try {
        browserStorage()?.setItem(RAIL_STORAGE_KEY, value ? '0' : '1');
      } catch {
        // Not remembered.
      }
      return !value;
    });
  };

  const navigation = (
    <Box component="nav" aria-label={t('shell.mainNavigation')} id={DRAWER_ID}>
      <Toolbar />
      <List>
        {items.map((item) => {
          const label = t(`screens.${item.titleKey}`);
          const link = (
            <NavLink
              to={item.to}
              selected={path === item.to || path === `${item.to}/`}
              aria-current={path === item.to ? 'page' : undefined}
              aria-label={collapsed ? label : undefined}
              onClick={() => setMobileOpen(false)}
              sx={{
                minHeight: 48,
                px: collapsed ? 2 : 2.5,
                justifyContent: collapsed ? 'center' : 'initial',
              }}
            >
              <ListItemIcon sx={{ minWidth: collapsed ? 0 : 40, color: 'inherit' }}>{item.icon}</ListItemIcon>
              {collapsed ? null : <ListItemText primary={label} />}
            </NavLink>
          );
          return (
            <ListItem key={item.to} disablePadding>
              {collapsed ? (
                <Tooltip title={label} placement="right">
                  {link}
                </Tooltip>
              ) : (
                link
              )}
            </ListItem>
          );
        })}
      </List>
    </Box>
  );

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <SkipLink />
      <AppBar position="fixed" component="header" sx={{ zIndex: (th) => th.zIndex.drawer + 1 }}>
        <Toolbar sx={{ gap: 1 }}>
          {hasNavigation ? (
            <IconButton
              color="inherit"
              edge="start"
              onClick={toggle}
              aria-controls={DRAWER_ID}
              aria-expanded={wide ? !rail : mobileOpen}
              aria-label={
                wide ? (rail ? t('shell.expandMenu') : t('shell.collapseMenu')) : t('shell.openMenu')
              }
            >
              {wide ? rail ? <ChevronRightIcon /> : <ChevronLeftIcon /> : <MenuIcon />}
            </IconButton>
          ) : null}
          <Typography
            component="span"
            sx={{ fontWeight: 700, fontSize: { xs: '1rem', sm: '1.125rem' }, minWidth: 0 }}
            noWrap
          >
            {t('app.name')}
          </Typography>
          <Typography
            component="span"
            variant="body2"
            sx={{
              display: { xs: 'none', sm: 'inline' },
              border: '1px solid currentColor',
              borderRadius: 1,
              px: 1,
            }}
          >
            {t(`app.audience.${target}`)}
          </Typography>
          <Box sx={{ flex: 1 }} />
          {userName ? (
            <Typography component="span" variant="body2" sx={{ display: { xs: 'none', md: 'inline' } }}>
              {userName}
            </Typography>
          ) : null}
          {onSignOut ? (
            wide ? (
              <Button
                color="inherit"
                variant="outlined"
                size="small"
                onClick={onSignOut}
                sx={{ whiteSpace: 'nowrap' }}
              >
                {t('common.signOut')}
              </Button>
            ) : (
              <IconButton
                color="inherit"
                onClick={onSignOut}
                aria-label={t('common.signOut')}
                title={t('common.signOut')}
              >
                <LogoutIcon />
              </IconButton>
            )
          ) : null}
          <LanguageSwitch inverse />
        </Toolbar>
      </AppBar>
      {hasNavigation ? (
        wide ? (
          <Drawer
            variant="permanent"
            sx={{
              width,
              flexShrink: 0,
              '& .MuiDrawer-paper': { width, overflowX: 'hidden', boxSizing: 'border-box' },
            }}
          >
            {navigation}
          </Drawer>
        ) : (
          <Drawer
            variant="temporary"
            open={mobileOpen}
            onClose={() => setMobileOpen(false)}
            ModalProps={{ keepMounted: true }}
            sx={{ '& .MuiDrawer-paper': { width: layout.drawerWidth, boxSizing: 'border-box' } }}
          >
            {navigation}
          </Drawer>
        )
      ) : null}
      <Box
        component="main"
        id="main"
        tabIndex={-1}
        sx={{ flex: 1, minWidth: 0, p: { xs: 2, md: 3 }, width: { md: `calc(100% - ${width}px)` } }}
      >
        <Toolbar />
        {children}
      </Box>
    </Box>
  );
}
