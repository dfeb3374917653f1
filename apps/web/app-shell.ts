// The applicant's page shell: the system bar and the header with the portal's name, drawn by the HTML
// itself (inline styles), so a phone on a slow network paints the frame before the JavaScript arrives.
// React replaces it with the real page on its first render (createRoot empties #root).
import type { Plugin } from 'vite';
import { ja } from './src/lib/i18n/ja.ts';
import type { Target } from './src/target.ts';

/** The shell's styles: the header's blue bar (24 px), the portal's name in the header's place. */
const SHELL_CSS = [
  'body{margin:0}',
  '.app-shell{font-family:"Noto Sans JP",-apple-system,BlinkMacSystemFont,sans-serif;color:#1a1a1a;',
  '--gutter:max(16px,calc((100% - 900px) / 2 + 16px))}',
  '.app-shell-bar{height:24px;background:#003ee5}',
  '.app-shell-header{padding:8px var(--gutter);min-height:64px;box-sizing:border-box;display:flex;',
  'align-items:center;border-bottom:1px solid #e0e0e0}',
  '.app-shell-name{font-weight:700;font-size:1.125rem;line-height:1.3}',
  '.app-shell-loading{margin:0;padding:24px var(--gutter);color:#595959}',
].join('');

/** The shell's markup, inside #root. */
export function shellHtml(): string {
  return (
    `<div class="app-shell"><div class="app-shell-bar"></div>` +
    `<div class="app-shell-header"><span class="app-shell-name">${ja.app.name}</span></div>` +
    `<p class="app-shell-loading">${ja.common.loading}</p></div>`
  );
}

/** A style sheet up to this size goes into the HTML: a request less before the first paint. */
const INLINE_CSS_MAX_BYTES = 4096;

/** Replaces each small style sheet's link with its rules (the build's bundle has the sheet's text). */
export function inlineStyleSheets(html: string, sheets: Record<string, string>): string {
  return html.replace(
    /<link rel="stylesheet" crossorigin href="[^"]*\/(assets\/[^"]+\.css)">/g,
    (link, file) => {
      const css = sheets[file as string];
      return css !== undefined && Buffer.byteLength(css) <= INLINE_CSS_MAX_BYTES
        ? `<style>${css}</style>`
        : link;
    },
  );
}

/**
 * Puts the shell into the applicant build's index.html (the staff and master-tool builds keep theirs),
 * and the start's small style sheet into every target's.
 */
export function appShell(target: Target): Plugin {
  return {
    name: 'portal:app-shell',
    transformIndexHtml: {
      order: 'post',
      handler: (html, context) => {
        const sheets: Record<string, string> = {};
        for (const [file, output] of Object.entries(context.bundle ?? {})) {
          if (output.type === 'asset' && file.endsWith('.css')) sheets[file] = String(output.source);
        }
        const inlined = inlineStyleSheets(html, sheets);
        return target !== 'applicant'
          ? inlined
          : inlined
              .replace('</head>', `<style>${SHELL_CSS}</style></head>`)
              .replace('<div id="root"></div>', `<div id="root">${shellHtml()}</div>`);
      },
    },
  };
}
