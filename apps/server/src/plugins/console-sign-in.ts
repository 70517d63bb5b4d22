// The sign-in form sent with the /login page itself. A cold console shows its form only once the
// shell and the account remote have arrived and run (seconds on a slow phone); this form paints with
// the page's first bytes and takes typing at once. When the console's own form mounts it takes over
// what was typed, where the caret was, and a submit already asked for, and removes this one; until
// then the console's page is kept hidden behind it. An inline script (allowed by its hash in the
// page's Content-Security-Policy) applies the saved language and theme, and holds a submit.
import {
  type Language,
  type PublicStatus,
  SIGN_IN_FORM_ID,
  SIGN_IN_TEXTS,
  type SignInTexts,
} from '@switchyard/contracts';
import { escapeHtml } from '../lib/html';

/** Whether the page's own form can stand for the console's: only plain password sign-in. */
export function signInFormApplies(status: PublicStatus): boolean {
  return status.password_login && !status.turnstile_check;
}

// The console's look at this moment (Arco's light and dark palettes, the shell's 56 px top bar and
// 200 px sidebar, the account card), without Arco's stylesheet, which has not arrived yet.
const STYLE = `#${SIGN_IN_FORM_ID}~#root{display:none}
#${SIGN_IN_FORM_ID}{--bg:#f7f8fa;--card:#fff;--line:#e5e6eb;--fill:#f2f3f5;--text:#1d2129;--text2:#4e5969;--muted:#86909c;--link:#165dff;--button:#165dff;
min-height:100vh;background:var(--bg);color:var(--text);font:14px/1.5715 Inter,-apple-system,BlinkMacSystemFont,"PingFang SC","Hiragino Sans GB","noto sans","Microsoft YaHei","Helvetica Neue",Helvetica,Arial,sans-serif}
body[arco-theme=dark] #${SIGN_IN_FORM_ID}{--bg:#17171a;--card:#232324;--line:#333335;--fill:rgba(255,255,255,.08);--text:rgba(255,255,255,.9);--text2:rgba(255,255,255,.7);--muted:rgba(255,255,255,.5);--link:#4080ff;--button:#0e42d2}
body{margin:0}
.sy-si-bar{position:sticky;top:0;height:56px;box-sizing:border-box;display:flex;align-items:center;gap:10px;padding:0 20px;background:var(--card);border-bottom:1px solid var(--line)}
.sy-si-bar img{border-radius:6px}
.sy-si-bar b{font-size:17px;font-weight:600;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.sy-si-body{display:flex;min-height:calc(100vh - 56px)}
.sy-si-side{flex:none;width:200px;background:var(--card);border-right:1px solid var(--line)}
.sy-si-main{flex:1;min-width:0;padding:20px;display:flex;justify-content:center}
.sy-si-card{box-sizing:border-box;width:100%;max-width:400px;margin:48px 12px;align-self:flex-start;padding:32px;background:var(--card);border:1px solid var(--line);border-radius:10px}
.sy-si-head{text-align:center;margin-bottom:24px}
.sy-si-head img{border-radius:10px}
.sy-si-head h1{font-size:20px;font-weight:500;line-height:1.4;margin:12px 0 4px}
.sy-si-head p{margin:0;color:var(--text2)}
.sy-si-alert{margin:0 0 16px;padding:9px 15px;border-radius:2px;background:#fff7e8;color:#1d2129}
body[arco-theme=dark] .sy-si-alert{background:#4d3b1f;color:var(--text)}
.sy-si-card label{display:block;margin:0 0 8px;color:var(--text2)}
.sy-si-card label::before{content:"*";color:#f53f3f;margin-right:4px}
.sy-si-card input{display:block;box-sizing:border-box;width:100%;height:32px;margin:0 0 20px;padding:4px 12px;border:1px solid transparent;border-radius:2px;background:var(--fill);color:var(--text);font:inherit}
.sy-si-card input:focus{outline:0;border-color:var(--link);background:var(--card)}
.sy-si-card button{display:block;width:100%;height:32px;margin-top:12px;border:0;border-radius:2px;background:var(--button);color:#fff;font:inherit;cursor:pointer}
.sy-si-card button:focus-visible{outline:2px solid var(--link);outline-offset:2px}
.sy-si-foot{margin-top:20px;text-align:center;font-size:13px}
.sy-si-foot a{color:var(--link);text-decoration:none}
@media (max-width:767px){.sy-si-side{display:none}.sy-si-main{padding:12px}.sy-si-bar{padding:0 12px}.sy-si-bar b{max-width:90px}}`;

// Runs once, as the page is parsed: the console's saved theme and language (localStorage, as the
// console reads them), and a submit before the console has taken over is held for it.
const SCRIPT = `(function(){var f=document.getElementById('${SIGN_IN_FORM_ID}');if(!f)return;var s=null;try{s=window.localStorage}catch(e){}
function get(k){try{return s&&s.getItem(k)}catch(e){return null}}
if(get('theme-mode')==='dark')document.body.setAttribute('arco-theme','dark');
var l=get('lang');if(l!=='zh'&&l!=='en')l=String(navigator.language||'').toLowerCase().indexOf('zh')===0?'zh':'en';
if(l!==f.getAttribute('data-lang')){var t=JSON.parse(f.getAttribute('data-texts'))[l];
f.querySelectorAll('[data-t]').forEach(function(e){e.textContent=t[e.getAttribute('data-t')]});
f.querySelectorAll('[data-p]').forEach(function(e){e.placeholder=t[e.getAttribute('data-p')]});f.setAttribute('data-lang',l);document.documentElement.lang=l==='zh'?'zh-CN':'en'}
f.querySelector('form').addEventListener('submit',function(e){e.preventDefault();f.setAttribute('data-submitted','true')})})();`;

export interface SignInFormInput {
  language: Language;
  status: Pick<PublicStatus, 'system_name' | 'logo' | 'register_enabled'>;
  /** The page was opened after a session ended (`?expired=true`): the console's warning above. */
  expired: boolean;
}

/** The form's markup, to be placed first in the page's <body>. */
export function signInFormHtml({ language, status, expired }: SignInFormInput): string {
  const texts = SIGN_IN_TEXTS[language];
  const text = (key: keyof SignInTexts) => `<span data-t="${key}">${escapeHtml(texts[key])}</span>`;
  const logo = escapeHtml(status.logo || '/logo.png');
  const name = escapeHtml(status.system_name || texts.brandFallback);
  const both = escapeHtml(JSON.stringify(SIGN_IN_TEXTS));
  return [
    `<div id="${SIGN_IN_FORM_ID}" data-lang="${language}" data-texts="${both}">`,
    `<style>${STYLE}</style>`,
    `<div class="sy-si-bar"><img src="${logo}" alt="" width="28" height="28"><b>${name}</b></div>`,
    '<div class="sy-si-body"><div class="sy-si-side"></div><main class="sy-si-main">',
    '<div class="sy-si-card"><div class="sy-si-head">',
    `<img src="${logo}" alt="" width="44" height="44"><h1>${text('title')}</h1>`,
    `<p>${text('subtitle')} · ${name}</p></div>`,
    expired ? `<p class="sy-si-alert" role="alert">${text('expired')}</p>` : '',
    '<form method="post" novalidate>',
    `<label for="sy-si-username">${text('username')}</label>`,
    `<input id="sy-si-username" name="username" autocomplete="username" data-p="usernamePlaceholder" placeholder="${escapeHtml(texts.usernamePlaceholder)}">`,
    `<label for="sy-si-password">${text('password')}</label>`,
    `<input id="sy-si-password" name="password" type="password" autocomplete="current-password" data-p="passwordPlaceholder" placeholder="${escapeHtml(texts.passwordPlaceholder)}">`,
    `<button type="submit">${text('submit')}</button></form>`,
    '<div class="sy-si-foot">',
    status.register_enabled
      ? `<div>${text('noAccount')} <a href="/register">${text('register')}</a></div>`
      : '',
    `<div style="margin-top:6px">${text('forgot')} <a href="/reset">${text('reset')}</a></div>`,
    '</div></div></main></div>',
    `<script>${SCRIPT}</script></div>`,
  ].join('');
}
