// The master tool's signed-in frame: the shell with the master-tool navigation.
import DashboardIcon from '@mui/icons-material/Dashboard';
import { AreaLayout } from '../../features/area/AreaLayout';
import type { NavItem } from '../../lib/layout/AreaShell';

const items: NavItem[] = [{ to: '/', titleKey: 'dashboard', icon: <DashboardIcon /> }];

export function MastertoolLayout() {
  return <AreaLayout items={items} />;
}
