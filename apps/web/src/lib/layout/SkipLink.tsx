import { useTranslation } from 'react-i18next';
import { dads } from '../theme/tokens';

/** "Skip to main content": off screen until focused. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      href="#main"
      className="skip-link"
      style={{ ['--skip-bg' as string]: dads.yellow300 }}
      onClick={(event) => {
        const main = document.getElementById('main');
        if (!main) return;
        event.preventDefault();
        main.focus();
        main.scrollIntoView();
      }}
    >
      {t('app.skipLink')}
    </a>
  );
}
