/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The build target, set by vite.config.ts (define); undefined when a test runs outside Vite's config. */
  readonly VITE_TARGET?: 'applicant' | 'municipality' | 'mastertool';
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
