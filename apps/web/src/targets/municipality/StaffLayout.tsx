// The staff area's signed-in frame: the shell with the staff navigation (administrators also see the
// accounts, invitations, audit log, where residents give up and the core systems' keys; others never see
// links that would only answer 403).
import AssignmentIcon from '@mui/icons-material/Assignment';
import DashboardIcon from '@mui/icons-material/Dashboard';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import HistoryIcon from '@mui/icons-material/History';
import HubIcon from '@mui/icons-material/Hub';
import InsightsIcon from '@mui/icons-material/Insights';
import MailIcon from '@mui/icons-material/Mail';
import PeopleIcon from '@mui/icons-material/People';
import StorefrontIcon from '@mui/icons-material/Storefront';
import { permits } from '@portal/contracts/staff-permissions';
import { useRouteContext } from '@tanstack/react-router';
import { AreaLayout } from '../../features/area/AreaLayout';
import type { LoginStatus } from '../../lib/staff/session';
import type { NavItem } from '../../lib/layout/AreaShell';

const common: NavItem[] = [
  { to: '/', titleKey: 'dashboard', icon: <DashboardIcon /> },
  { to: '/documents', titleKey: 'documents', icon: <AssignmentIcon /> },
  { to: '/exports', titleKey: 'exports', icon: <FileDownloadIcon /> },
];
const administration: NavItem[] = [
  { to: '/accounts', titleKey: 'accounts', icon: <PeopleIcon /> },
  { to: '/invitations', titleKey: 'invitations', icon: <MailIcon /> },
  { to: '/audit-log', titleKey: 'auditLog', icon: <HistoryIcon /> },
  { to: '/funnel', titleKey: 'procedureFunnel', icon: <InsightsIcon /> },
  { to: '/system-keys', titleKey: 'systemKeys', icon: <HubIcon /> },
];

/** The counter tablet (decision 0026), for those whose permission takes applications at the counter. */
const counter: NavItem = { to: '/counter', titleKey: 'counter', icon: <StorefrontIcon /> };

export function StaffLayout() {
  const { loginStatus } = useRouteContext({ strict: false }) as { loginStatus?: LoginStatus };
  const permission = loginStatus?.user?.permission;
  const admin = permission === 'administrator';
  const desk = permission && permits(permission, 'counter.handle') ? [counter] : [];
  return <AreaLayout items={admin ? [...common, ...desk, ...administration] : [...common, ...desk]} />;
}
