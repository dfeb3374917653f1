import type { TestResident } from './residents.js';

/** Server-rendered pages of the development identity provider: no scripts (CSP script-src 'self'). */

export const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

const style = `
:root{--primary:#003EE5;--error:#EC0000;--text:#1A1A1C;--line:#949497;--bg:#F2F2F2}
*{box-sizing:border-box}
body{margin:0;font-family:"Noto Sans JP",system-ui,sans-serif;color:var(--text);background:var(--bg);line-height:1.7;font-size:1rem}
.banner{background:#1A1A1C;color:#fff;padding:.5rem 1rem;font-size:.875rem}
main{max-width:40rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:8px}
h1{font-size:1.5rem;margin:0 0 1rem}
h2{font-size:1.125rem;margin:0 0 .5rem}
.field{margin:1.5rem 0}
label{display:block;font-weight:700;margin-bottom:.25rem}
.hint{margin:.25rem 0;color:#4D4D4D;font-size:.875rem}
select,input{font:inherit;width:100%;padding:.75rem;border:1px solid var(--line);border-radius:8px;background:#fff}
input[aria-invalid=true]{border:2px solid var(--error)}
.alert{border:2px solid var(--error);border-radius:8px;padding:1rem;margin:1rem 0;color:var(--text)}
.alert h2{color:var(--error)}
.actions{display:flex;gap:1rem;flex-wrap:wrap;margin-top:2rem}
button{font:inherit;font-weight:700;padding:.75rem 1.5rem;border-radius:8px;border:2px solid var(--primary);background:var(--primary);color:#fff;cursor:pointer}
button.secondary{background:#fff;color:var(--primary)}
:focus-visible{outline:4px solid #000;outline-offset:2px;box-shadow:0 0 0 2px #FFD43D}
`;

/** The page frame of the development stand-ins: lang="ja", the banner, inline style only (no scripts). */
export function layout(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="ja">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${style}</style>
</head>
<body>
<div class="banner" role="note">開発用の本人確認スタンドイン（デジタル認証アプリの代わり）です。本番環境では使われません。</div>
<main>
${body}
</main>
</body>
</html>`;
}

const scopeLabels: Record<string, string> = {
  name: '氏名（ふりがなを含む）',
  address: '住所',
  birthdate: '生年月日',
  gender: '性別',
  sign: '電子署名',
};

export interface SignInPage {
  action: string;
  scope: string;
  residents: TestResident[];
  selected?: string;
  error?: { title: string; message: string; field: 'subject' | 'pin' | null };
  /** The selected card is locked: the way out takes the resident back to the portal, which explains. */
  locked?: boolean;
}

/** The card reading screen: the tester picks a test resident and types the card's 4-digit PIN. */
export function signInPage(page: SignInPage): string {
  const requested = page.scope
    .split(' ')
    .filter((s) => scopeLabels[s])
    .map((s) => `<li>${escapeHtml(scopeLabels[s]!)}</li>`)
    .join('');
  const groups = new Map<string, TestResident[]>();
  for (const r of page.residents) {
    const label = `${r.municipalityCode} ${r.municipalityName}`;
    groups.set(label, [...(groups.get(label) ?? []), r]);
  }
  const options = [...groups]
    .map(
      ([label, residents]) =>
        `<optgroup label="${escapeHtml(label)}">${residents
          .map(
            (r) =>
              `<option value="${escapeHtml(r.subject)}"${r.subject === page.selected ? ' selected' : ''}>${escapeHtml(
                `${r.lastName} ${r.firstName}（${r.lastNameKana} ${r.firstNameKana}）${r.subject}`,
              )}</option>`,
          )
          .join('')}</optgroup>`,
    )
    .join('');
  const error = page.error;
  const alert = error
    ? `<div class="alert" role="alert" id="error-summary"><h2>${escapeHtml(error.title)}</h2><p>${escapeHtml(error.message)}</p></div>`
    : '';
  const invalid = (field: 'subject' | 'pin') =>
    error?.field === field ? ' aria-invalid="true" aria-errormessage="error-summary"' : '';
  const title = `${error ? 'エラー：' : ''}マイナンバーカードで本人確認（開発用）`;
  return layout(
    title,
    `<h1>マイナンバーカードで本人確認</h1>
${alert}
${requested ? `<p>ポータルが次の情報の提供を求めています。</p><ul>${requested}</ul>` : ''}
<form method="post" action="${escapeHtml(page.action)}">
<div class="field">
<label for="subject">テスト住民（読み取るマイナンバーカード）</label>
<p class="hint" id="subject-hint">住民記録のテスト住民から選びます（全団体）。</p>
<select id="subject" name="subject" required aria-describedby="subject-hint"${invalid('subject')}>
${options}
</select>
</div>
<div class="field">
<label for="pin">利用者証明用電子証明書の暗証番号（数字4桁）</label>
<p class="hint" id="pin-hint">3回続けて間違えるとカードがロックされます。</p>
<input id="pin" name="pin" type="password" inputmode="numeric" autocomplete="off" pattern="[0-9]{4}" minlength="4" maxlength="4" required aria-describedby="pin-hint"${invalid('pin')}>
</div>
<div class="actions">
<button type="submit" name="action" value="login">本人確認する</button>
<button type="submit" name="action" value="cancel" class="secondary" formnovalidate>${page.locked ? 'ポータルに戻って解除の方法を見る' : '中止してポータルに戻る'}</button>
</div>
</form>`,
  );
}

/** A dead end (expired or unknown interaction, a refused request): says what happened and what to do. */
export function messagePage(title: string, message: string, detail?: string): string {
  return layout(
    title,
    `<h1>${escapeHtml(title)}</h1>
<div class="alert" role="alert"><p>${escapeHtml(message)}</p>${detail ? `<p>${escapeHtml(detail)}</p>` : ''}</div>`,
  );
}
