// Vendor credential formats with a fixed, recognisable prefix. One list serves the gate (a secret
// typed or sent is denied, one read is remembered as a secret) and the audit log (masked before
// storage), so a format added here is caught and redacted alike.

export interface TokenFormat {
  what: string;
  /** The whole token (no capture groups, no flags). */
  source: string;
  /** A regular-expression fragment every match contains, for the cheap prefilters. */
  marker: string;
  /** The vendor's own domains: a read sent there with the token in its query authenticates, it does not leak. */
  home?: readonly string[];
}

export const VENDOR_TOKENS: readonly TokenFormat[] = [
  { what: 'SendGrid API key', source: String.raw`\bSG\.[A-Za-z0-9_-]{16,32}\.[A-Za-z0-9_-]{16,64}`, marker: String.raw`SG\.`, home: ['sendgrid.com', 'sendgrid.net'] },
  { what: 'Mailgun API key', source: String.raw`\bkey-[0-9a-f]{32}\b`, marker: 'key-', home: ['mailgun.net', 'mailgun.org'] },
  { what: 'Twilio API key', source: String.raw`\bSK[0-9a-f]{32}\b`, marker: 'SK[0-9a-f]{32}', home: ['twilio.com'] },
  { what: 'npm token', source: String.raw`\bnpm_[A-Za-z0-9]{36}\b`, marker: 'npm_', home: ['npmjs.org', 'npmjs.com'] },
  { what: 'GitLab token', source: String.raw`\bglpat-[A-Za-z0-9_-]{20,}`, marker: 'glpat-', home: ['gitlab.com'] },
  { what: 'Shopify token', source: String.raw`\bshp(?:at|ss|ca|pa)_[a-fA-F0-9]{32}\b`, marker: 'shp(?:at|ss|ca|pa)_', home: ['myshopify.com', 'shopify.com'] },
  { what: 'DigitalOcean token', source: String.raw`\bdo[por]_v1_[a-f0-9]{64}\b`, marker: '_v1_', home: ['digitalocean.com'] },
  { what: 'Telegram bot token', source: String.raw`\b\d{8,10}:AA[A-Za-z0-9_-]{33}\b`, marker: ':AA[A-Za-z0-9_-]', home: ['telegram.org'] },
  { what: 'Hugging Face token', source: String.raw`\bhf_[A-Za-z0-9]{34}\b`, marker: 'hf_', home: ['huggingface.co'] },
  { what: 'Vault token', source: String.raw`\bhv[sb]\.[A-Za-z0-9_-]{24,}`, marker: String.raw`hv[sb]\.` },
  { what: 'PyPI token', source: String.raw`\bpypi-AgE[A-Za-z0-9_-]{50,}`, marker: 'pypi-', home: ['pypi.org'] },
  { what: 'Notion token', source: String.raw`\b(?:secret_(?=[A-Za-z0-9]*\d)[A-Za-z0-9]{30,50}|ntn_[A-Za-z0-9]{40,})\b`, marker: 'secret_|ntn_', home: ['notion.com', 'notion.so'] },
  { what: 'Linear API key', source: String.raw`\blin_api_[A-Za-z0-9]{40}\b`, marker: 'lin_api_', home: ['linear.app'] },
  { what: 'Postman API key', source: String.raw`\bPMAK-[a-f0-9]{24}-[a-f0-9]{34}\b`, marker: 'PMAK-', home: ['getpostman.com', 'postman.com'] },
  { what: 'Atlassian API token', source: String.raw`\bATATT3[A-Za-z0-9_=-]{50,}`, marker: 'ATATT', home: ['atlassian.net', 'atlassian.com'] },
  { what: 'Square token', source: String.raw`\bsq0(?:atp|csp)-[A-Za-z0-9_-]{22,43}\b`, marker: 'sq0', home: ['squareup.com', 'squareupsandbox.com'] },
  { what: 'Supabase token', source: String.raw`\bsbp_[a-f0-9]{40}\b`, marker: 'sbp_', home: ['supabase.co', 'supabase.com'] },
  { what: 'Figma token', source: String.raw`\bfigd_[A-Za-z0-9_-]{40,}`, marker: 'figd_', home: ['figma.com'] },
  { what: 'Doppler token', source: String.raw`\bdp\.(?:pt|st|sa|ct)\.[A-Za-z0-9]{40,}`, marker: String.raw`dp\.`, home: ['doppler.com'] },
  { what: 'Google OAuth token', source: String.raw`\bya29\.[A-Za-z0-9_-]{20,}`, marker: String.raw`ya29\.`, home: ['googleapis.com', 'google.com'] },
  { what: 'Azure storage key', source: String.raw`AccountKey=[A-Za-z0-9+/]{86}==`, marker: 'AccountKey=', home: ['core.windows.net'] },
  { what: 'Azure AD client secret', source: String.raw`\b[A-Za-z0-9_~.-]{3}\dQ~[A-Za-z0-9_~.-]{31,34}`, marker: 'Q~', home: ['microsoftonline.com', 'login.microsoftonline.com'] },
  { what: 'Alibaba Cloud AccessKey', source: String.raw`\bLTAI[0-9A-Za-z]{12,24}\b`, marker: 'LTAI', home: ['aliyuncs.com'] },
  { what: 'Twitch stream key', source: String.raw`\blive_\d{6,12}_[A-Za-z0-9]{20,40}\b`, marker: 'live_', home: ['twitch.tv'] },
  { what: "Africa's Talking API key", source: String.raw`\batsk_[a-f0-9]{40,}\b`, marker: 'atsk_', home: ['africastalking.com'] },
  { what: 'Mercado Pago access token', source: String.raw`\b(?:APP_USR|TEST)-\d{10,20}-\d{6}-[a-f0-9]{32}-\d{6,12}\b`, marker: 'APP_USR-|TEST-', home: ['mercadopago.com', 'mercadolibre.com'] },
  { what: 'Tencent Cloud SecretId', source: String.raw`\bAKID[0-9A-Za-z]{13,40}\b`, marker: 'AKID', home: ['tencentcloudapi.com'] },
];

/** The armour line of a private key of any type (RSA, OPENSSH, PGP's "PRIVATE KEY BLOCK" …), as a pattern source. */
export const PRIVATE_KEY_BEGIN = '-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----';

/** Prefilter alternatives that every vendor token contains (join with `|` into a case-insensitive pattern). */
export const VENDOR_TOKEN_MARKERS = VENDOR_TOKENS.map((t) => t.marker).join('|');

/**
 * A credential written as a setting, in code or an .env file: `AWS_SECRET_ACCESS_KEY=…`,
 * `client_secret: …`, `STRIPE_API_KEY="…"`. The name may carry a prefix (AWS_, STRIPE_); the
 * value is one token of at least 8 characters.
 */
export const CREDENTIAL_NAME = String.raw`(?<![A-Za-z0-9])(?:[A-Za-z0-9]+[_-])*(?:api[_-]?key|secret(?:[_-]?(?:access[_-]?)?key)?|client[_-]?secret|access[_-]?key|access[_-]?token|auth[_-]?token|refresh[_-]?token|private[_-]?key|server[_-]?key|(?<!public[_-]|publishable[_-])(?<=[A-Za-z0-9][_-])key)(?![A-Za-z0-9])`;

/**
 * Words that follow "the password is" without being the password: where it is written and what
 * state it is in ("the Wi-Fi password is printed on the room card", "the password is incorrect").
 * A reference to where it is kept (Home Assistant's `!secret mqtt_password`, `${DB_PASS}`,
 * `<your password>`) is not one either. Used as a negative lookahead right where a labelled value would start.
 */
export const NOT_A_SECRET_VALUE = String.raw`(?:(?:printed|written|shown|displayed|listed|posted|noted|labell?ed|taped|stuck|saved|stored|kept|located|hidden|attached|included|inside|below|above|under|behind|there|here|same|still|also|only|just|never|always|usually|probably|supposed|required|needed|optional|incorrect|wrong|correct|invalid|valid|fine|okay|ok|safe|secure|good|bad|weak|strong|changed|unchanged|expired|reset|missing|empty|blank|different|unknown|managed|handled|provided|given|generated|encrypted|protected|available|case[- ]sensitive|being|your|their|this|that|what|auf|unter|sur|dans|escrita|escrito|impresa|impreso|imprimé|écrit|gedruckt|notiert)(?![\p{L}\p{N}])|!secret\b|\$\{|<[^>\s]{1,40}>)`;

/**
 * The word "password" in the languages phones are used in (as a label, a heading, or in a
 * sentence that gives one): one list for the gate's scoring, observed-text secrets and headings.
 */
export const PASSWORD_WORD = String.raw`(?:password|passwort|passwd|passcode|passphrase|mot de passe|contraseña|contrasenya|senha|wachtwoord|hasło|heslo|jelszó|parolă|parola|пароль|şifre|sifre|kata sandi|mật khẩu|lösenord|adgangskode|passord|salasana|κωδικός πρόσβασης|κωδικός|κωδικος|סיסמה|סיסמא|كلمة المرور|كلمة السر|گذرواژه|رمز عبور|کلمه عبور|पासवर्ड|รหัสผ่าน|密码|密碼|口令|パスワード|暗証番号|비밀번호)`;

/** "API key" in the languages a console or a message writes it (API-Schlüssel, clé API, APIキー …). */
export const API_KEY_WORD = String.raw`(?:api[ _-]?(?:key|schlüssel|sleutel|nyckel|nøkkel|nøgle|avain|kulcs|klíč|kľúč|anahtarı?|ключ|キー|키|密钥|密鑰|金鑰)|(?:clé|clef|clave|chave|chiave|klucz|ключ|cheie)(?: de| d'| da| do| dell'|-|\s)?\s?api)`;

/** A value left for a template to fill in: ${DB_PASSWORD}, <your-password>, xxxx, ****. */
export const TEMPLATE_VALUE = /^\s*(\$\{?[A-Za-z_][A-Za-z0-9_]*\}?|\{\{[^}]{1,40}\}\}|<[^>]{1,40}>|x{4,}|\*{3,}|your[_-][\w-]*|changeme|placeholder|redacted)\s*$/i;
