// identification: not built yet (the placeholder with the screen's title).
import { PlaceholderPage } from '../../../lib/layout/pages';

export function IdentificationScreen() {
  return <PlaceholderPage />;
}
