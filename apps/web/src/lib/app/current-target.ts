import { isTarget, type Target } from '../../target';

/** The build target of this bundle (vite.config.ts defines it); the applicant area when absent (tests). */
export const currentTarget: Target = isTarget(import.meta.env.VITE_TARGET)
  ? import.meta.env.VITE_TARGET
  : 'applicant';
