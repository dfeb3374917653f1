// The master tool's signed-in frame: the shell with the master-tool navigation. Inside a municipality the
// navigation adds its screens (reflection managers, material templates, reference data).
import CategoryIcon from '@mui/icons-material/Category';
import DatasetIcon from '@mui/icons-material/Dataset';
import LocationCityIcon from '@mui/icons-material/LocationCity';
import PublishIcon from '@mui/icons-material/Publish';
import { useParams } from '@tanstack/react-router';
import { AreaLayout } from '../../features/area/AreaLayout';
import { signOutOther } from '../../features/mastertool-env/environments';
import type { NavItem } from '../../lib/layout/AreaShell';

export function MastertoolLayout() {
  const { code } = useParams({ strict: false }) as { code?: string };
  const items: NavItem[] = [{ to: '/', titleKey: 'municipalities', icon: <LocationCityIcon /> }];
  if (code) {
    const base = `/municipalities/${code}`;
    items.push(
      { to: base, titleKey: 'reflectionManagers', icon: <PublishIcon /> },
      { to: `${base}/material-templates`, titleKey: 'materialTemplates', icon: <CategoryIcon /> },
      { to: `${base}/reference-data`, titleKey: 'referenceData', icon: <DatasetIcon /> },
    );
  }
  return <AreaLayout items={items} beforeSignOut={signOutOther} />;
}
