import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { readLanguage } from './i18n';
import { resolveRoute } from './routing';
import { isTarget } from './target';
import './styles.css';

/** The build target (vite.config.ts defines it); the applicant area when absent. */
const target = isTarget(import.meta.env.VITE_TARGET) ? import.meta.env.VITE_TARGET : 'applicant';

/** localStorage, unless the browser refuses access to it (some private modes throw on access). */
function browserStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

const storage = browserStorage();
const language = readLanguage(storage);
document.documentElement.lang = language;

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App
      target={target}
      route={resolveRoute(target, window.location.pathname)}
      initialLanguage={language}
      storage={storage}
    />
  </StrictMode>,
);
