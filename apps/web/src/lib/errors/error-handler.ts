// The one handler of fatal and unhandled errors (spec §8): window errors, unhandled rejections, errors
// React could not recover from and errors a route could not render all end here.
//
// The route table has no call for client logs yet, so the report is written to the browser console; when
// a log route exists, this is the one place that sends the report to the server log.

export interface ErrorReport {
  /** Where it was caught: window, promise, react, router, ... */
  source: string;
  message: string;
  name: string;
  stack: string | undefined;
  /** The page (path and query) it happened on. */
  path: string;
  at: string;
}

export function describeError(error: unknown): Pick<ErrorReport, 'message' | 'name' | 'stack'> {
  if (error instanceof Error) return { message: error.message, name: error.name, stack: error.stack };
  return { message: typeof error === 'string' ? error : safeJson(error), name: 'NonError', stack: undefined };
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** Reports one error; safe to call from anywhere, never throws. */
export function reportError(error: unknown, source: string): ErrorReport {
  const report: ErrorReport = {
    source,
    ...describeError(error),
    path: typeof window === 'undefined' ? '' : `${window.location.pathname}${window.location.search}`,
    at: new Date().toISOString(),
  };
  try {
    console.error(`[portal] ${source}: ${report.name}: ${report.message}`, report, error);
  } catch {
    // A console that throws must not turn one error into two.
  }
  return report;
}

/** Sends window errors and unhandled promise rejections to reportError. Returns the uninstaller. */
export function installGlobalErrorHandlers(target: Window = window): () => void {
  const onError = (event: ErrorEvent) => {
    reportError(event.error ?? event.message, 'window');
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    reportError(event.reason, 'unhandled-rejection');
  };
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
