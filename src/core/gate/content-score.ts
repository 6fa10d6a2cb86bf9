// T3: content threat scoring. Destructive shell/adb commands, secrets (API keys, private keys,
// passwords, OTPs) and prompt-injection markers, each scored 0..1 with the patterns that fired.
import type { AgentEvent } from '../event/agent-event';
import type { ContentScores } from '../rules/context';
import { memoByText } from '../provenance/memo';
import { TYPED_CODE } from './one-time-codes';
import { API_KEY_WORD, CREDENTIAL_NAME, NOT_A_SECRET_VALUE, PASSWORD_WORD, PRIVATE_KEY_BEGIN, VENDOR_TOKEN_MARKERS, VENDOR_TOKENS } from '../secrets/token-formats';
import { recoveryPhraseIn } from '../secrets/recovery-phrase';
import { decodeBase64 } from '../provenance/canonical';

export interface Pattern {
  re: RegExp;
  score: number;
  what: string;
  /** A vendor token's own domains (see TokenFormat.home). */
  home?: readonly string[];
  /**
   * Lower-case strings of which the text must hold one for `re` to match at all: a pattern whose
   * needles are all absent is not run (most content names no shell tool and no secret, and a
   * substring test costs less than a regular expression). Omitted: the pattern always runs.
   */
  needles?: readonly string[];
}

/** Values that stand for a credential in docs and examples rather than being one. */
const PLACEHOLDER = String.raw`(?:your[_-]|<|\$\{?[A-Z_]|x{4,}|\*{3,}|\.\.\.|replace|changeme|placeholder|example|dummy|redacted|insert|[A-Za-z]{2,8}[_-](?:[A-Za-z]{2,8}[_-])?(?:x{6,}|\*{6,}))`;

/**
 * The literal text each alternative of a marker pattern begins with, lower-cased
 * (`shp(?:at|ss)_` → shp, `secret_|ntn_` → secret_, ntn_); undefined when an alternative begins
 * with no literal, so the pattern then always runs.
 */
function literalHeads(marker: string): string[] | undefined {
  const heads: string[] = [];
  for (const alternative of marker.split('|')) {
    let head = '';
    let i = 0;
    for (; i < alternative.length; i++) {
      const c = alternative[i];
      if (c === '\\' && i + 1 < alternative.length && /[.\-_~=:]/.test(alternative[i + 1])) head += alternative[++i];
      else if (/[\w~=:-]/.test(c)) head += c;
      else break;
    }
    // (a character a quantifier applies to is not certain to be there)
    if (/[?*{]/.test(alternative[i] ?? '')) head = head.slice(0, -1);
    if (head.length === 0) return undefined;
    heads.push(head.toLowerCase());
  }
  return heads;
}

/** A wallet's key named as one ("private key", "signing key"), the value on the same line or the next. */
const WALLET_KEY_NAME = String.raw`\b(?:private|priv|secret|wallet|signing)[ _-]?key\b[^\n]{0,40}?(?:\n\s*)?`;

const SHELL: Pattern[] = [
  { re: /\brm\s+(-[a-z]*r[a-z]*f|-[a-z]*f[a-z]*r|--recursive|-r)\b/i, score: 1, what: 'recursive delete', needles: ['rm'] },
  { re: /\brm\s+(-[a-z]+\s+)*\/(sdcard|storage|data|system)\b/i, score: 0.9, what: 'delete on device storage', needles: ['rm'] },
  { re: /\b(mkfs(\.\w+)?|wipefs)\b|\bdd\s+if=.*\bof=\/dev\//i, score: 1, what: 'disk wipe', needles: ['mkfs', 'wipefs', 'dd'] },
  { re: /\bfind\b.*\s-delete\b|\bfind\b.*-exec\s+rm\b|\bxargs\s+(-\S+\s+)*rm\b/i, score: 1, what: 'bulk delete', needles: ['find', 'xargs'] },
  { re: /\b(shred|truncate\s+-s\s*0|srm)\b/i, score: 0.9, what: 'data destruction', needles: ['shred', 'truncate', 'srm'] },
  { re: /\brm\s+(-[a-z]+\s+)*[^\s]*\*/i, score: 0.9, what: 'wildcard delete', needles: ['rm'] },
  { re: /(^|[;&|]\s*|\s)(su|sudo)(\s|$)/, score: 0.9, what: 'privilege escalation', needles: ['su'] },
  { re: /\bpm\s+(uninstall|clear|disable(-user)?|hide|grant|revoke|reset-permissions|install(-create|-commit)?)\b/i, score: 0.9, what: 'package manager change', needles: ['pm'] },
  { re: /\bcmd\s+package\s+(uninstall|clear|install)\b|\badb\s+(?:-[a-zA-Z]\s+(?!install\b)\S+\s+|-\S+\s+)*install(?:-multiple)?\b/i, score: 0.9, what: 'package change', needles: ['cmd', 'adb'] },
  // Handing the phone to a device-management app, or opening adb to the network.
  { re: /\bdpm\s+(set-device-owner|set-profile-owner|set-active-admin)\b/i, score: 0.9, what: 'device admin change', needles: ['dpm'] },
  { re: /\bsetprop\s+(service\.adb\.tcp\.port|persist\.adb\.tcp\.port)\b|\badb\s+(-\S+\s+)*tcpip\b/i, score: 0.9, what: 'adb over the network', needles: ['setprop', 'adb'] },
  // App ops grant what permissions do (SYSTEM_ALERT_WINDOW, READ_SMS …) without the permission dialog.
  { re: /\b(appops|cmd\s+appops)\s+set\s+\S+\s+\S+\s+allow\b/i, score: 0.9, what: 'app-op grant', needles: ['appops'] },
  // ...and so does exempting an app from battery optimization: it then runs unchecked in the background.
  { re: /\b(cmd|dumpsys)\s+deviceidle\s+(whitelist|sys-whitelist|tempwhitelist)\s+\+/i, score: 0.9, what: 'battery optimization exemption', needles: ['deviceidle'] },
  { re: /\bsettings\s+(put|delete)\s+(secure|global|system)\b/i, score: 0.9, what: 'settings change from shell', needles: ['settings'] },
  { re: /\b(reboot|shutdown|poweroff)\b/i, score: 0.8, what: 'reboot', needles: ['reboot', 'shutdown', 'poweroff'] },
  { re: /MASTER_CLEAR|FACTORY_RESET|\bwipe\s+(data|userdata)\b|recovery\s+--wipe/i, score: 1, what: 'factory reset', needles: ['master_clear', 'factory_reset', 'wipe', 'recovery'] },
  { re: /\bsetenforce\s+0\b|\bmount\s+-o\s+\S*rw/i, score: 1, what: 'security weakening', needles: ['setenforce', 'mount'] },
  { re: /\bchmod\s+(-R\s+)?[0-7]*7[0-7]{0,2}\b|\bchown\s+-R\b/i, score: 0.7, what: 'permission change', needles: ['chmod', 'chown'] },
  { re: /\b(curl|wget)\b[^|;]*\|\s*(ba|z|da)?sh\b|\bbase64\s+-d[^|]*\|\s*(ba)?sh\b/i, score: 1, what: 'download and execute', needles: ['curl', 'wget', 'base64'] },
  { re: /\b(nc|ncat|netcat|toybox\s+nc)\b.*\s-e\s/i, score: 1, what: 'reverse shell', needles: ['nc', 'netcat'] },
  { re: /\bcontent\s+(delete|update)\b|\bsqlite3\b.*\b(drop|delete)\b/i, score: 0.8, what: 'provider data change', needles: ['content', 'sqlite3'] },
  { re: /\bam\s+(force-stop|kill-all)\b|\bkillall\b/i, score: 0.5, what: 'process kill', needles: ['am', 'killall'] },
  { re: /\biptables\s+-F\b|\bsvc\s+(wifi|data)\s+disable\b/i, score: 0.7, what: 'network change', needles: ['iptables', 'svc'] },
  // (a terminal app's own home, /data/data/<pkg>/files/home, is the shell's, not another app's)
  { re: /\b(dumpsys|cat|cp|tar)\b[^;|]*\/data\/(data\/(?![^/\s]+\/files\/home(?:\/|\s|$))|system\/)/i, score: 0.6, what: 'reading private app data', needles: ['/data/'] },
  // A credentials or key file sent over the network (cat ~/.aws/credentials | curl --data-binary @- …, curl -F f=@~/.ssh/id_rsa …, scp ~/.netrc …).
  { re: /^(?=[\s\S]*\b(curl|wget|nc|ncat|netcat|socat|scp|sftp|rsync|ftp)\b)(?=[\s\S]*(\.aws\/credentials|\.ssh\/id_[a-z0-9]+\b|\.netrc\b|\.git-credentials\b|\.npmrc\b|\.pypirc\b|\.docker\/config\.json|\.kube\/config\b|\.pgpass\b|(^|[\s/=@])\.env\b|\.(pem|p12|pfx|jks|keystore)\b))/i, score: 1, what: 'credentials file sent over the network', needles: ['curl', 'wget', 'nc', 'socat', 'scp', 'ftp', 'rsync'] },
  // (output thrown away or sent to the terminal, 2>/dev/null, >/dev/stderr, writes nothing)
  { re: />\s*\/(dev\/(?!(null|stdout|stderr|tty)\b)|system\/|data\/)/i, score: 0.9, what: 'overwrite system path', needles: ['>'] },
  // Deleting data off the device (clusters, clouds, databases, a shared branch): high-impact, asked.
  { re: /\bkubectl\b.*\sdelete\b|\bhelm\s+(uninstall|delete)\b/i, score: 0.7, what: 'cluster resource delete', needles: ['kubectl', 'helm'] },
  { re: /\b(terraform|tofu|pulumi)\s+destroy\b|\bterraform\s+apply\b.*\s-destroy\b/i, score: 0.7, what: 'infrastructure destroy', needles: ['terraform', 'tofu', 'pulumi'] },
  { re: /\baws\s+s3\s+(rb\b|rm\b.*--recursive)|\baws\s+[\w-]+\s+delete-[\w-]+|\bgsutil\s+(-m\s+)?(rm|rb)\b|\b(gcloud|az)\b.*\sdelete\b/i, score: 0.7, what: 'cloud resource delete', needles: ['aws', 'gsutil', 'gcloud', 'az'] },
  { re: /\b(drop\s+(table|database|schema)|truncate\s+table)\b/i, score: 0.7, what: 'database drop', needles: ['drop', 'truncate'] },
  { re: /\bgit\s+push\b.*(\s--force\b|\s-f\b|--force-with-lease|\s\+[\w/.-]+)/i, score: 0.7, what: 'force push', needles: ['git'] },
  { re: /add-iam-policy-binding\b.*roles\/(owner|editor)\b|\biam\s+attach-[\w-]*policy\b.*AdministratorAccess|\brole\s+assignment\s+create\b.*\b(Owner|Contributor)\b/i, score: 0.7, what: 'admin access grant', needles: ['add-iam-policy-binding', 'iam', 'role'] },
];

/** What a read-only command can still do: read what it should not. */
const SHELL_READS = SHELL.filter((p) => p.what === 'reading private app data' || p.what === 'credentials file sent over the network');

const SECRETS: Pattern[] = [
  { re: new RegExp(PRIVATE_KEY_BEGIN), score: 1, what: 'private key', needles: ['-----begin'] },
  // (scheme://user:password@host, not a placeholder: postgres://USER:PASSWORD@HOST)
  { re: /\b[a-z][a-z0-9+.-]{1,15}:\/\/[^\s:/@]{1,64}:(?!(?:password|passwd|pass|pwd|secret|xxx+|\*+|<[^>]*>|\$\{?\w+\}?)@)[^\s@/]{3,}@[\w.-]+/i, score: 1, what: 'credentials in a URL', needles: ['://'] },
  { re: /(?<![\p{L}])(cvv2?|cvc2?|csc|cid)\s*[:：]?\s*\d{3,4}(?!\d)/iu, score: 0.9, what: 'card security code', needles: ['cvv', 'cvc', 'csc', 'cid'] },
  { re: /(?<![\p{L}])(pin|pin code|pin-code|pin-nummer|card pin|atm pin|código pin|code pin|numéro pin)\b[^\n.]{0,40}?(?:\s(?:is|ist|es|est|lautet|jest|é|è)\s*:?|[:=：])\s*\d{4,6}(?!\d)/iu, score: 0.9, what: 'card PIN', needles: ['pin'] },
  { re: /\bAKIA[0-9A-Z]{16}\b/, score: 1, what: 'AWS access key', home: ['amazonaws.com'] , needles: ['akia'] },
  { re: /\b(ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{30,}\b|\bgithub_pat_[A-Za-z0-9_]{40,}\b/, score: 1, what: 'GitHub token', home: ['github.com', 'githubusercontent.com'] , needles: ['gh', 'github_pat'] },
  // (not a placeholder: sk-proj-xxxxxxxxxxxxxxxx)
  { re: /\bsk-(?!(?:proj-|live-|test-)?[xX*]{6})(?:proj-|live-|test-)?[A-Za-z0-9_-]{20,}\b/, score: 1, what: 'API secret key', needles: ['sk-'] },
  { re: /\b(sk|rk)_(live|test)_[A-Za-z0-9]{16,}\b/, score: 1, what: 'Stripe key', home: ['stripe.com'] , needles: ['sk_', 'rk_'] },
  { re: /\bxox[abposr]-[A-Za-z0-9-]{10,}\b/, score: 1, what: 'Slack token', home: ['slack.com'] , needles: ['xox'] },
  { re: /\bAIza[0-9A-Za-z_-]{35}\b/, score: 1, what: 'Google API key', home: ['googleapis.com', 'google.com'] , needles: ['aiza'] },
  { re: /\beyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\b/, score: 0.9, what: 'bearer token (JWT)', needles: ['eyj'] },
  // (not a placeholder: YOUR_API_KEY, <your-key>, ${API_KEY}, xxxxxxxx)
  { re: new RegExp(`${CREDENTIAL_NAME}\\s*[:=]\\s*["']?(?!${PLACEHOLDER})[^\\s"']{8,}`, 'i'), score: 0.9, what: 'credential assignment', needles: ['key', 'secret', 'token'] },
  { re: new RegExp(String.raw`${WALLET_KEY_NAME}\b0x[a-fA-F0-9]{64}\b|\bkey\b[^\n]{0,30}?\b(hot|cold)?\s?wallet\b[^\n]{0,20}?\b0x[a-fA-F0-9]{64}\b|\bwallet\b[^\n]{0,30}?\bkey\b[^\n]{0,20}?\b0x[a-fA-F0-9]{64}\b`, 'i'), score: 0.9, what: 'wallet private key', needles: ['0x'] },
  // "auth token 68db0aaa…", "access token: Xf8…": a token named as one, long and mixed (not "access token expired")
  { re: /\b(?:auth(?:entication)?|access|api|bearer|session|refresh|bot)[ _-]?token\b[^\n\w]{0,3}\s*(?=[A-Za-z0-9_.-]*\d)(?=[A-Za-z0-9_.-]*[A-Za-z])[A-Za-z0-9_.-]{20,}/i, score: 0.9, what: 'token', needles: ['token'] },
  // ...and so is a key named as one ("Publisher Web API key: 5F8C2A9E…", "secret key - sk8…"), long and mixed
  { re: /\b(?:api|secret|access|private|signing|licen[cs]e)[ _-]?key\b[^\n\w]{0,3}\s*(?=[A-Za-z0-9_.-]*\d)(?=[A-Za-z0-9_.-]*[A-Za-z])[A-Za-z0-9_.-]{20,}/i, score: 0.9, what: 'API key', needles: ['key'] },
  // ...in the other languages consoles and messages write it in ("API-Schlüssel: lxo_7Hq2…", "clé API : …")
  { re: new RegExp(String.raw`(?<![\p{L}])${API_KEY_WORD}[^\n\p{L}\p{N}]{0,3}\s*(?=[A-Za-z0-9_.-]*\d)(?=[A-Za-z0-9_.-]*[A-Za-z])[A-Za-z0-9_.-]{20,}`, 'iu'), score: 0.9, what: 'API key', needles: ['api'] },
  // a Wi-Fi QR payload carries the network's password: WIFI:T:WPA;S:Office;P:…;;
  { re: /\bWIFI:(?:[^;\n]*;)*?P:(?!;)[^;\n]{4,}/, score: 0.9, what: 'Wi-Fi password', needles: ['wifi:'] },
  // an app password as Google and Apple issue them: four groups of four letters
  { re: /\bapp[- ]specific password\b[^\n]{0,40}?\b[a-z]{4}([ -]?)[a-z]{4}\1[a-z]{4}\1[a-z]{4}\b/i, score: 0.9, what: 'app password', needles: ['password'] },
  ...VENDOR_TOKENS.map((t) => ({ re: new RegExp(t.source), score: 1, what: t.what, home: t.home, needles: literalHeads(t.marker) })),
  { re: new RegExp(`\\b(password|passwort|passwd|pwd|passcode|contraseña|mot de passe)\\s*(is|ist|es|est|[:=：])\\s*(?!${NOT_A_SECRET_VALUE})\\S{4,}`, 'iu'), score: 0.9, what: 'password', needles: ['pass', 'pwd', 'contraseña', 'mot de passe'] },
  // "password Wr7!qLz-Horizon42": the word, then a token with letters and digits (not "password reset link").
  { re: /\b(password|passwort|passwd|pwd|passcode|contraseña|mot de passe|senha)\s+(?=\S*[A-Za-z])(?=\S*\d)\S{6,}/i, score: 0.9, what: 'password', needles: ['pass', 'pwd', 'contraseña', 'mot de passe', 'senha'] },
  // (the value is a password's characters, Latin letters or digits: "비밀번호는 냉장고에 붙어 있는 메모" says where it is)
  { re: /(密码|密碼|口令|パスワード|暗証番号|비밀번호)\s*(是|为|為|は|는|은|[:=：])\s*(?=\S*[A-Za-z0-9])\S{4,}/, score: 0.9, what: 'password', needles: ['密码', '密碼', '口令', 'パスワード', '暗証番号', '비밀번호'] },
  // "das WLAN-Passwort für HK-Office ist: Fl1eder!Weg42": a few words between the name and the
  // value, which then looks like a password (letters with digits or symbols), in the same sentence.
  { re: new RegExp(String.raw`(?<![\p{L}])${PASSWORD_WORD}(?!@)(?:[^\n:=：@.!?。！？]|[.!?](?!\s)|(?<=\s)@){0,40}?(?:\s(?:is|ist|lautet|heißt|es|est|é|è|jest|je|är|er|это|adalah|là|είναι|הוא|היא)\s*:?|[:=：])\s*["']?(?!${NOT_A_SECRET_VALUE})(?=[^\s"']*\p{L})(?=[^\s"']*[\d!@#$%^&*?])[^\s"']{6,}`, 'iu'), score: 0.9, what: 'password' },
  // (and under its short names, right before the value: "proton pw: Gull!Harbor-2291#x", "pwd=Tr1llium-44")
  { re: /(?<![\p{L}])(?:pw|pwd|passwd)\s*[:=：]\s*["']?(?=[^\s"']*\p{L})(?=[^\s"']*[\d!@#$%^&*?])[^\s"']{6,}/iu, score: 0.9, what: 'password' },
  { re: TYPED_CODE, score: 0.9, what: 'one-time code' },
  // (named, not warned about: "never share your seed phrase" names no phrase)
  { re: /^(?![\s\S]*\b(never|don'?t|do not|nobody|no one|won'?t|will not|ignore|scam|phishing)\b[^.!?\n]{0,60}\b(seed|recovery|mnemonic) (phrase|words)\b)[\s\S]*\b(seed|recovery|mnemonic) (phrase|words)\b/i, score: 0.6, what: 'wallet recovery phrase', needles: ['seed', 'recovery', 'mnemonic'] },
];

const INJECTION: Pattern[] = [
  { re: /\b(ignore|disregard|forget)\b.{0,30}\b(previous|prior|above|earlier|all)\b.{0,20}\b(instructions|rules|prompts?|messages)\b/i, score: 0.8, what: 'instruction override' },
  { re: /\byou are now\b|\bnew instructions\b|\bsystem prompt\b|\bdeveloper mode\b|\bjailbreak\b|\bdo anything now\b/i, score: 0.6, what: 'role hijack' },
  { re: /<\|im_start\|>|<\|system\|>|\[\/?INST\]|<<SYS>>/i, score: 0.8, what: 'chat template markers' },
  { re: /\b(do not|don't) (tell|inform|alert) the user\b|\bsecretly\b|\bwithout (asking|telling)\b/i, score: 0.6, what: 'concealment' },
];

/** The scored patterns, for the test that every needle list is one the pattern cannot match without. */
export const CONTENT_PATTERNS: Readonly<Record<'shell' | 'secrets' | 'injection', readonly Pattern[]>> = { shell: SHELL, secrets: SECRETS, injection: INJECTION };

/** Is `host` one of these domains or under one? */
function atHome(host: string, home: readonly string[]): boolean {
  return home.some((d) => host === d || host.endsWith(`.${d}`));
}

/**
 * The text the needles are looked for in: lower-cased, and with the long s folded as
 * case-insensitive Unicode patterns fold it (ſ matches s under /iu), so no needle is missed
 * that a pattern would still match.
 */
function needleText(text: string): string {
  const lower = text.toLowerCase();
  return lower.includes('ſ') ? lower.replaceAll('ſ', 's') : lower;
}

/** Patterns that hit `text`; a vendor token going to its own vendor's `host` is not one. */
function run(patterns: readonly Pattern[], text: string, host?: string): { score: number; hits: string[] } {
  let score = 0;
  const hits: string[] = [];
  let lower: string | undefined;
  for (const p of patterns) {
    if (p.needles) {
      const haystack = (lower ??= needleText(text));
      if (!p.needles.some((n) => haystack.includes(n))) continue;
    }
    if (p.re.test(text) && !(host && p.home && atHome(host, p.home))) {
      score = Math.max(score, p.score);
      hits.push(p.what);
    }
  }
  return { score, hits };
}

/** One scan each: every secret pattern needs a hit of the first, every injection pattern of the
 * second. Most content has neither (a number alone is not suspicious). */
const SECRET_PREFILTER = new RegExp(`-----BEGIN|WIFI:|cvv|cvc|:\\/\\/[^\\s:/@]+:[^\\s@/]+@|\\bpin\\b|AKIA|gh[pousr]_|github_pat|[sr]k[-_]|xox[abposr]-|AIza|eyJ|key|secret|token|pass|pwd|pw|sandi|${PASSWORD_WORD}|${API_KEY_WORD}|code|otp|one[- ]time|c[oó]dig|codice|kod|код|mã |mtan|验证码|校验码|动态码|驗證碼|動態密碼|認証|確認コード|ワンタイム|인증|seed|recovery|mnemonic|${VENDOR_TOKEN_MARKERS}`, 'i');
const INJECTION_PREFILTER = /ignore|disregard|forget|you are now|instructions|system prompt|developer mode|jailbreak|anything now|im_start|\|system\||INST\]|<<SYS>>|the user|secretly|without (asking|telling)/i;

/** Secrets in what an event carries: the patterns over its text, a recovery phrase, credentials in a URL's userinfo or query, and base64 that decodes to any of these. */
function secretFindings(payload: AgentEvent['payload'], text: string, home?: string): { score: number; hits: string[] } {
  const found = SECRET_PREFILTER.test(text) ? run(SECRETS, text, home) : { score: 0, hits: [] as string[] };
  const add = (score: number, what: string) => {
    found.score = Math.max(found.score, score);
    if (!found.hits.includes(what)) found.hits.push(what);
  };
  if (recoveryPhraseIn(text)) add(1, 'wallet recovery phrase');
  for (const part of payload) {
    const name = part.field.slice(part.field.lastIndexOf('.') + 1);
    if (SECRET_FIELD.test(name) && part.value.trim().length >= 16 && !PLACEHOLDER_VALUE.test(part.value)) add(1, 'private key');
    if (part.field.startsWith('url.query.') && QUERY_PASSWORD.test(name) && part.value.length >= 4 && !PLACEHOLDER_VALUE.test(part.value) && !(name.toLowerCase() === 'pass' && PASS_NUMBER.test(part.value))) add(0.9, 'password in a URL');
    if (part.value.length >= 12 && part.value.length <= 4096 && !part.value.includes(' ')) {
      const decoded = decodeBase64(part.value.trim());
      if (decoded && (BASIC_CREDENTIALS.test(decoded) || (SECRET_PREFILTER.test(decoded) && run(SECRETS, decoded).score >= 0.8))) add(0.9, 'encoded credentials');
    }
  }
  return found;
}

/** Argument names that hold a wallet or signing key, a seed or a recovery phrase. */
const SECRET_FIELD = /^(pk|priv|privkey|private_?key|privatekey|secret_?key|signing_?key|wallet_?key|seed|seed_?phrase|mnemonic|recovery_?phrase|secret_?phrase)$/i;
const QUERY_PASSWORD = /^(password|passwd|pwd|pass|passcode|secret|pin)$/i;
/** A `pass` that is a pass's number (a season, bus or boarding pass: ASH-SP-22917), not a password: capitals and digits in dashed groups. */
const PASS_NUMBER = /^(?=.*\d)[A-Z0-9]{2,}(?:-[A-Z0-9]{2,})+$/;
const PLACEHOLDER_VALUE = new RegExp(`^\\s*${PLACEHOLDER}`, 'i');
/** user:password as basic authentication encodes it (a name, a colon, a password with digits or symbols). */
const BASIC_CREDENTIALS = /^[\w.@+-]{2,64}:(?=[^\s:]*[\d!@#$%^&*?])[^\s:]{6,64}$/;

export interface ContentFindings extends ContentScores {
  hits: string[];
}

/** Commands that only read or print what they are given. */
const READ_ONLY_COMMANDS = new Set(['grep', 'egrep', 'fgrep', 'rg', 'ag', 'ack', 'cat', 'less', 'more', 'head', 'tail', 'wc', 'ls', 'stat', 'file', 'diff', 'echo', 'printf', 'man', 'which', 'strings', 'od', 'xxd', 'hexdump', 'sort', 'uniq', 'cut', 'md5sum', 'sha256sum', 'getprop', 'dumpsys', 'logcat', 'df', 'du', 'ps', 'id', 'uname', 'whoami', 'uptime', 'free', 'pwd']);
const SHELL_OPERATOR = /[;&`<>\n]|\$\(/;
const PROMPT = /^\s*(?:[\w@.:~/-]*\s*)?[$#]\s+/;

/**
 * A command line that runs read-only commands and nothing else (a pipeline of them at most: no
 * ; && ` $( or redirection): what it mentions ("grep -rn 'DROP TABLE' db/ | head") is data.
 */
/** A line that reads as a command: a lower-case program name and at least one argument. */
const COMMAND_LINE = /^[a-z][a-z0-9_.-]*\s+\S/;

function readOnlyStage(stage: string): boolean {
  return READ_ONLY_COMMANDS.has(stage.trim().split(/\s+/, 1)[0].replace(/^.*\//, ''));
}

function inspectsOnly(payload: AgentEvent['payload']): boolean {
  if (payload.length === 0) return false;
  const first = payload[0].value.replace(PROMPT, '').trimStart();
  if (!first.split('|').every(readOnlyStage)) return false;
  // (every other command line of the call too: a batch's second command may write)
  return payload.every((p) => {
    const line = p.value.replace(PROMPT, '').trim();
    return !SHELL_OPERATOR.test(line) && (!COMMAND_LINE.test(line) || readOnlyStage(line));
  });
}

const QUOTING = /['"\\]/;
const BASE64_TOKEN = /[A-Za-z0-9+/]{8,}={0,2}/g;

/**
 * What a shell line runs once the shell has read it: the line, the line with its quoting
 * joined (`r''m -r''f` is rm -rf, `r\m` is rm), and any base64 it carries decoded
 * (`$(echo cmVib290 | base64 -d)` runs reboot).
 */
function shellText(text: string): string {
  const variants = [text];
  if (QUOTING.test(text)) variants.push(text.replace(/['"\\]/g, ''));
  if (/base64|b64/i.test(text)) {
    for (const m of text.matchAll(BASE64_TOKEN)) {
      const decoded = decodeBase64(m[0]);
      if (decoded && decoded !== m[0]) variants.push(decoded);
    }
  }
  return variants.length === 1 ? text : variants.join('\n');
}

/** Scores the content of one event. Shell patterns apply only where the content is executed. */
export function scoreContent(event: AgentEvent, text = event.payload.map((p) => p.value).join('\n')): ContentFindings {
  if (event.payload.length === 0) return { shell: 0, secret: 0, injection: 0, max: 0, hits: [] };
  const shell = event.effect === 'shell' ? run(inspectsOnly(event.payload) ? SHELL_READS : SHELL, shellText(text)) : { score: 0, hits: [] };
  // A secret typed into a password field is where it belongs.
  // A read (a GET) carries a vendor's token in its query to authenticate with that vendor: sent
  // to the vendor's own host it goes home (maps.googleapis.com?key=AIza…); anywhere else it leaks.
  const home = event.effect === 'read' ? event.sink?.host : undefined;
  const secret = event.secretField ? { score: 0, hits: [] } : secretFindings(event.payload, text, home);
  const injection = INJECTION_PREFILTER.test(text) ? run(INJECTION, text) : { score: 0, hits: [] };
  const max = Math.max(shell.score, secret.score, injection.score);
  return { shell: shell.score, secret: secret.score, injection: injection.score, max, hits: [...shell.hits, ...secret.hits, ...injection.hits] };
}

const LABELLED_SECRET = new RegExp(`(?:(?<![\\p{L}])(?:${PASSWORD_WORD}|pwd|pin|wlan-schlüssel|network key|wpa[23]?[ _-]?(?:psk|key|passphrase)|psk|pre-?shared[ _-]?key|wi-?fi[ _-]?(?:key|code)|${API_KEY_WORD}|secret(?:[ _-]?key)?|access[ _-]?token|token)\\s*(?:is|ist|es|est|é|è|là|[:=：])|${CREDENTIAL_NAME}\\s*[:=]|(?:密码|密碼|口令|パスワード|暗証番号|비밀번호)\\s*(?:是|は|[:=：]))\\s*["']?(?!${NOT_A_SECRET_VALUE})(?!https?:\\/\\/|www\\.)([^\\s,;"']{4,})`, 'giu');
const TOKEN_SECRETS = [...VENDOR_TOKENS.map((t) => new RegExp(t.source, 'g')), new RegExp(`${PRIVATE_KEY_BEGIN}[\\s\\S]*?-----END[^-]*-----`, 'g'), /\bAKIA[0-9A-Z]{16}\b/g, /\b(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{30,}\b/g, /\bsk-(?:proj-|live-|test-)?[A-Za-z0-9_-]{20,}\b/g, /\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}\b/g, /\bxox[abposr]-[A-Za-z0-9-]{10,}\b/g, /\bAIza[0-9A-Za-z_-]{35}\b/g];

/** Secrets written out in observed text: labelled passwords/keys and well-known token formats. */
export const secretsIn: (text: string) => string[] = memoByText(findSecrets);

/**
 * A login written as a note writes it ("Netflix: ramos.tv.casa@gmail.com / Gu4yaba!Sky-2025"): an
 * e-mail address, a slash or bar, then a password (lower and upper case, a digit and a symbol).
 */
const LOGIN_PAIR = /[^\s@/|]+@[^\s@/|]+\.[a-z]{2,}\s*[/|]\s*((?=\S*[a-z])(?=\S*[A-Z])(?=\S*\d)(?=\S*[!@#$%^&*?~+=])\S{8,64})/g;

/**
 * A password under a short label ("user: jordy_blox  pass: Sk8erJ0rdy!2024", "pw=…"): shaped like
 * one (a letter, and a digit or symbol), and not a pass's own number (ASH-SP-22917).
 */
const SHORT_PASSWORD_LABEL = /(?<![\p{L}])(?:pass|pw|pswd|clé|clave|chiave)\s*[:=]\s*["']?((?=[^\s,;"']*\p{L})(?=[^\s,;"']*[\d!@#$%^&*?])[^\s,;"']{6,64})/giu;

/** The password word in any language, then the password itself without a colon ("пароль Lx9#vq27Tm!"): letters with digits. */
const PASSWORD_THEN_TOKEN = new RegExp(`(?<![\\p{L}])${PASSWORD_WORD}\\s+["']?(?!${NOT_A_SECRET_VALUE})(?!https?:\\/\\/|www\\.)((?=[^\\s"',;]*\\p{L})(?=[^\\s"',;]*\\d)[^\\s"',;]{6,64})`, 'giu');

/**
 * The password word, a few words, then a colon and the value ("كلمة المرور المؤقتة لحسابك في البوابة: Riyadh@2024#Tmp7",
 * "root 密码已改为 Hz#8826!qwe"): shaped like a password (a letter, and a digit or symbol), not a link.
 */
const PASSWORD_FAR_VALUE = new RegExp(`(?<![\\p{L}])${PASSWORD_WORD}(?:[^\\n:=：]{0,40}?[:=：]|已?(?:改|设置|设|重置|更新|修改)为|已?改成)\\s*["']?(?!${NOT_A_SECRET_VALUE})(?!https?:\\/\\/|www\\.)((?=[^\\s"',;，。]*\\p{L})(?=[^\\s"',;，。]*[\\d!@#$%^&*?])[^\\s"',;，。]{6,64})`, 'giu');

/** ...or under a service's name, with a user name rather than an address ("Kronos: kmorrow / Tulip#2291"): a letter, a digit and a symbol. */
const NAMED_LOGIN_PAIR = /(?:^|\n)[^:\n]{1,40}:\s*[\w.+-]{2,40}\s*[/|]\s*((?=\S*\p{L})(?=\S*\d)(?=\S*[!@#$%^&*?~+=])\S{6,64})/gu;

/** A wallet's key named as one, on its line or the next ("ETH account 1 private key\n0xc4de…"): 64 hex digits. */
const WALLET_KEY = new RegExp(String.raw`${WALLET_KEY_NAME}\b((?:0x)?[a-fA-F0-9]{64})\b`, 'gi');

/**
 * The password word right before a number ("AlipayHK 支付密碼 902614", "bank password 4471"): a
 * payment or lock password is often digits only, and a note writes it without a colon.
 * (Chinese and Japanese write no space between words: 支付密碼 is "payment password"; a door's or
 * a lock's is an access code, which the observation labels as one: 单元门密码 739152)
 */
const PASSWORD_THEN_DIGITS = new RegExp(`(?<!(?:door|gate|lock|alarm|garage|safe|locker|keypad|[门門锁鎖箱柜櫃禁])\\s*)(?:(?<![\\p{L}])${PASSWORD_WORD}|密码|密碼|パスワード|暗証番号)\\s*(\\d{4,12})(?![\\d\\p{L}])`, 'giu');

/** A password or key after its label, in the ways a note or message writes one (the value is group 1). */
const LABELLED_PASSWORDS = [LABELLED_SECRET, PASSWORD_FAR_VALUE, PASSWORD_THEN_TOKEN, PASSWORD_THEN_DIGITS, WALLET_KEY];

function findSecrets(text: string): string[] {
  const out: string[] = [];
  for (const re of LABELLED_PASSWORDS) for (const m of text.matchAll(re)) out.push(m[1]);
  for (const m of text.matchAll(SHORT_PASSWORD_LABEL)) if (!PASS_NUMBER.test(m[1])) out.push(m[1]);
  if (text.includes('/') || text.includes('|')) for (const m of text.matchAll(NAMED_LOGIN_PAIR)) out.push(m[1]);
  if (text.includes('@')) for (const m of text.matchAll(LOGIN_PAIR)) out.push(m[1]);
  for (const re of TOKEN_SECRETS) for (const m of text.matchAll(re)) out.push(m[0]);
  return out;
}
