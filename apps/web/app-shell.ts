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

/** Puts the shell into the applicant build's index.html; the staff and master-tool builds keep theirs. */
export function appShell(target: Target): Plugin {
  return {
    name: 'portal:app-shell',
    transformIndexHtml: (html) =>
      target !== 'applicant'
        ? html
        : html
            .replace('</head>', `<style>${SHELL_CSS}</style></head>`)
            .replace('<div id="root"></div>', `<div id="root">${shellHtml()}</div>`),
  };
}
