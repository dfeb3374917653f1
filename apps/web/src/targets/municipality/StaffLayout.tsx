// The staff area's signed-in frame: the shell with the staff navigation.
import DashboardIcon from '@mui/icons-material/Dashboard';
import { AreaLayout } from '../../features/area/AreaLayout';
import type { NavItem } from '../../lib/layout/AreaShell';

const items: NavItem[] = [{ to: '/', titleKey: 'dashboard', icon: <DashboardIcon /> }];

export function StaffLayout() {
  return <AreaLayout items={items} />;
}
