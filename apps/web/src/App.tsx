import { useCallback, useEffect, useState } from 'react';
import { fetchMunicipalityHome, type MunicipalityHomeData } from './api';
import {
  languageNames,
  languages,
  rememberLanguage,
  translate,
  type Language,
  type MessageKey,
} from './i18n';
import { displayPath, type Route } from './routing';
import { targetBase, targetTheme, type Target } from './target';

export type T = (key: MessageKey, values?: Record<string, string>) => string;

/** Page-head update delay (spec §9). */
const HEAD_UPDATE_DELAY_MS = 10;

function useDocumentTitle(t: T, target: Target, page: string): void {
  useEffect(() => {
    const title = t('document.title', { page, app: t('app.name'), audience: t(`audience.${target}`) });
    const timer = window.setTimeout(() => {
      document.title = title;
    }, HEAD_UPDATE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [t, target, page]);
}

export interface AppProps {
  target: Target;
  route: Route;
  initialLanguage: Language;
  storage: Storage | undefined;
}

export function App({ target, route, initialLanguage, storage }: AppProps) {
  const [language, setLanguage] = useState<Language>(initialLanguage);
  const t = useCallback<T>((key, values) => translate(language, key, values), [language]);

  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);

  const changeLanguage = (next: Language) => {
    setLanguage(next);
    rememberLanguage(storage, next);
  };

  return (
    <div className={`app theme-${target}`} data-theme={targetTheme[target]}>
      <a className="skip-link" href="#main">
        {t('skipLink')}
      </a>
      <header className="site-header">
        <div className="container header-inner">
          <a className="brand" href={targetBase[target]}>
            <span className="brand-name">{t('app.name')}</span>
            <span className="audience">{t(`audience.${target}`)}</span>
          </a>
          <LanguageSwitch language={language} onChange={changeLanguage} t={t} />
        </div>
      </header>
      <main id="main" className="container site-main" tabIndex={-1}>
        {route.name === 'applicantHome' ? (
          <ApplicantHome code={route.municipalityCode} language={language} t={t} />
        ) : route.name === 'areaHome' && target !== 'applicant' ? (
          <AreaHome target={target} t={t} />
        ) : (
          <NotFound path={route.name === 'notFound' ? route.path : ''} target={target} t={t} />
        )}
      </main>
      <footer className="site-footer">
        <div className="container">
          <p>
            {t('app.name')} — {t(`audience.${target}`)}
          </p>
          <p>{t('footer.note')}</p>
        </div>
      </footer>
    </div>
  );
}

function LanguageSwitch({
  language,
  onChange,
  t,
}: {
  language: Language;
  onChange: (l: Language) => void;
  t: T;
}) {
  return (
    <div className="language-switch" role="group" aria-labelledby="language-switch-label">
      <span id="language-switch-label" className="language-label">
        {t('language.label')}
      </span>
      {languages.map((l) => (
        <button key={l} type="button" lang={l} aria-pressed={l === language} onClick={() => onChange(l)}>
          {languageNames[l]}
        </button>
      ))}
    </div>
  );
}

export type HomeState =
  | { status: 'loading' }
  | { status: 'loaded'; data: MunicipalityHomeData }
  | { status: 'failed'; detail: string };

function ApplicantHome({ code, language, t }: { code: string; language: Language; t: T }) {
  const [state, setState] = useState<HomeState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    fetchMunicipalityHome(code, controller.signal).then(
      (result) =>
        setState(
          result.ok ? { status: 'loaded', data: result.data } : { status: 'failed', detail: result.detail },
        ),
      () => undefined, // aborted: this effect was replaced
    );
    return () => controller.abort();
  }, [code, attempt]);

  return (
    <ApplicantHomeView
      code={code}
      language={language}
      state={state}
      onRetry={() => setAttempt((n) => n + 1)}
      t={t}
    />
  );
}

/** The applicant home for a given load state (separate from the loading so it renders in tests). */
export function ApplicantHomeView({
  code,
  language,
  state,
  onRetry,
  t,
}: {
  code: string;
  language: Language;
  state: HomeState;
  onRetry: () => void;
  t: T;
}) {
  const municipality = state.status === 'loaded' ? state.data.municipality : null;
  const name = municipality
    ? language === 'en' && municipality.name_en
      ? municipality.name_en
      : municipality.name
    : null;
  const heading = name ? t('applicant.headingWithName', { municipality: name }) : t('applicant.heading');
  useDocumentTitle(t, 'applicant', heading);

  const groups =
    state.status === 'loaded' ? [...state.data.procedure_groups].sort((a, b) => a.sequence - b.sequence) : [];

  return (
    <>
      <h1>{heading}</h1>
      <p className="meta">{t('applicant.municipalityCode', { code })}</p>
      <p>{t('applicant.description')}</p>

      <div role="status" className="status">
        {state.status === 'loading' ? t('applicant.loading') : null}
      </div>

      {state.status === 'failed' ? (
        <div role="alert" className="notice notice-error">
          <p className="notice-title">{t('applicant.loadError')}</p>
          <p className="detail">{t('applicant.errorDetail', { detail: state.detail })}</p>
          <button type="button" className="button" onClick={onRetry}>
            {t('applicant.retry')}
          </button>
        </div>
      ) : null}

      {municipality?.maintenance_message ? (
        <section className="notice notice-info" aria-labelledby="maintenance-heading">
          <h2 id="maintenance-heading">{t('applicant.maintenanceHeading')}</h2>
          <p>{municipality.maintenance_message}</p>
        </section>
      ) : null}

      {state.status === 'loaded' ? (
        <section aria-labelledby="procedures-heading">
          <h2 id="procedures-heading">{t('applicant.proceduresHeading')}</h2>
          {groups.length > 0 ? (
            <ul className="procedure-list">
              {groups.map((group) => (
                <li key={group.id}>{group.name}</li>
              ))}
            </ul>
          ) : (
            <p>{t('applicant.noProcedures')}</p>
          )}
        </section>
      ) : null}
    </>
  );
}

function AreaHome({ target, t }: { target: Exclude<Target, 'applicant'>; t: T }) {
  const heading = t(`${target}.heading`);
  useDocumentTitle(t, target, heading);
  return (
    <>
      <h1>{heading}</h1>
      <p>{t(`${target}.description`)}</p>
    </>
  );
}

function NotFound({ path, target, t }: { path: string; target: Target; t: T }) {
  useDocumentTitle(t, target, t('notFound.heading'));
  return (
    <>
      <h1>{t('notFound.heading')}</h1>
      <p>{t('notFound.description')}</p>
      <p className="path">{t('notFound.path', { path: displayPath(path) })}</p>
      <p>
        <a href={targetBase[target]}>{t('notFound.home')}</a>
      </p>
    </>
  );
}
