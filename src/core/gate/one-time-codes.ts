// One-time codes (OTP, 2FA, TAN) in text, in the languages people receive them in. Observed
// codes become secrets (protocol.md §5.1, §5.5); typed or sent codes score as secret content.

import { asciiDigits } from '../provenance/canonical';
import { memoByText } from '../provenance/memo';

/** Words that name a one-time code, specific enough to score typed content by. */
const SPECIFIC = [
  'otp', 'one[- ]time (?:pass(?:word|code)?|code|pin)', 'passcode', 'verification code', 'security code', 'confirmation code',
  'auth(?:entication)? code', 'log-?in code', '2fa code', 'sign[- ]in code', 'access code', 'puk(?:[- ]?(?:code|kód|kod|nummer))?', 'mtan', 'código para (?:confirmar|validar|autorizar|acceder|iniciar sesión|entrar)', 'code (?:to|for) (?:confirm|verify|authori[sz]e|log ?in|sign ?in)', 'code pour (?:confirmer|valider|vous connecter)', 'código (?:para|de) (?:confirmar|acesso)', '(?:push|sms|chip|photo|app|mobile)-?tan', 'tan-?(?:nummer|code)', 'transaktionsnummer',
  'código de (?:verificación|verificação|seguridad|segurança|acceso|acesso|confirmación|confirmação)', 'clave (?:de operaci[oó]n|din[aá]mica|de seguridad|de confirmaci[oó]n|de un solo uso|temporal|token|sms|otp)', 'code de (?:vérification|sécurité|confirmation)',
  'bestätigungscode', 'sicherheitscode', 'verifizierungscode', 'anmeldecode', 'codice di (?:verifica|sicurezza|accesso)',
  'kod weryfikacyjny', 'код подтверждения', 'doğrulama kodu', 'kode (?:verifikasi|otp)', 'mã (?:xác (?:nhận|minh)|otp)',
  'engangskode', 'engångskod', 'säkerhetskod', 'sikkerhedskode', 'sikkerhetskode', 'bekräftelsekod', 'bekræftelseskode', 'bekreftelseskode', 'verifieringskod', 'kertakäyttökoodi', 'vahvistuskoodi',
  'verificatiecode', 'eenmalige code', 'beveiligingscode', 'ověřovací kód', 'overovací kód', 'ellenőrző kód', 'cod(?:ul)? (?:(?:tău|tau) )?de (?:verificare|autentificare|confirmare|securitate)',
  'κωδικός επαλήθευσης', 'код підтвердження', 'קוד ה?אימות', 'رمز التحقق', 'رمز التفعيل', 'كود التحقق', 'كود التفعيل', 'كود التأكيد', 'كود الدخول', 'رمز الدخول', 'सत्यापन कोड', 'รหัส otp', 'รหัสยืนยัน',
  'tek kullan[ıi]ml[ıi]k (?:[şs]ifre|kod)\\p{L}*', 'kod pengesahan', 'kod tac', 'mã xác thực', 'קוד חד פעמי', 'کد ت[اأ]یید', 'کد یکبار مصرف', 'do[ğg]rulama kodunuz', 'giri[şs] [şs]ifre\\p{L}*', 'onay kodu\\p{L}*', 'одноразовый (?:пароль|код)', 'код из смс', 'код для входа',
  'одноразовий (?:пароль|код)', 'ერთჯერადი კოდი', 'დადასტურების კოდი', 'միանգամյա կոդ', 'հաստատման կոդ', 'бір реттік код', 'растау коды', 'jednorazowy kod', 'kod sms', 'jednorázový kód', 'egyszer használatos kód', 'cod unic',
].join('|');

/** CJK names of a code: words there are not separated by spaces, so no word boundaries. */
const CJK = ['验证码', '校验码', '动态码', '驗證碼', '動態密碼', '認証コード', '確認コード', '認証番号', 'ワンタイムパスワード', '인증\\s?번호', '인증\\s?코드'].join('|');

/** Also the bare words, for observed messages: "Seu código: 193847", "Ваш код 4821", "seu token ... e 731046". */
const ANY = `${SPECIFIC}|code|codes|codul|codurile|código|codigo|token|clave|codice|kod|kód|kode|koden|kodu|kodunuz|koodi|код|mã|tan|tac|pin|पिन|पासकोड|رمز|รหัส|[şs]ifreniz|[şs]ifresi|κωδικός|קוד|کد|كود|الكود|კოდი|կոդ|коды`;

const NOT_LETTER_BEFORE = '(?<![\\p{L}\\p{N}])';
const NOT_LETTER_AFTER = '(?![\\p{L}])';
const word = (alternatives: string) => `(?:${NOT_LETTER_BEFORE}(?:${alternatives})${NOT_LETTER_AFTER}|${CJK})`;
/**
 * 4–8 digits, two groups of three ("719 204") or three pairs ("58 30 17"), not part of a longer
 * number (nor the last group of a phone number: "(614) 555-0148 has key code 7731").
 */
const CODE = '(?<![\\d.,])(?<!\\d[ -])(\\d{3}[ -]\\d{3}|\\d{2}[ -]\\d{2}[ -]\\d{2}|\\d{4,8})(?![\\d.,]\\d|\\d)';

/** A code named before it ("验证码：483920", "Your code is 4821") or after it ("482913 is your one-time passcode"). */
const OBSERVED_PATTERNS = [
  new RegExp(`${word(ANY)}[^\\d\\n]{0,25}?${CODE}`, 'giu'),
  // (a specific name may stand further off, past an amount and a payee: "رمز التحقق لعملية تحويل بمبلغ 4,900 ر.س هو 583920",
  // "Ihre SMS-TAN für die Überweisung an Hausverwaltung Reimers über 1.950,00 EUR lautet: 482913")
  new RegExp(`${word(SPECIFIC)}[^\\n]{0,80}?${CODE}`, 'giu'),
  new RegExp(`${CODE}[^\\d\\n]{0,40}?${word(ANY)}`, 'giu'),
  // (or the whole clause apart when it ends with "is" right before the code: "Tu código para autorizar el acceso desde un nuevo dispositivo es 482913")
  new RegExp(`${word(ANY)}[^\\d\\n.!?]{0,80}?(?:\\s(?:is|es|est|este|ist|lautet|lauten|luidt|wynosi|é|e|è|e['’]|är|er|jest|je|là|adalah|ni|это|є)\\s*:?|[:：])\\s*${CODE}`, 'giu'),
];

/** Content scoring: a code next to a word that can only mean a one-time code. */
export const TYPED_CODE = new RegExp(`${word(SPECIFIC)}[^\\d\\n]{0,20}${CODE}|${CODE}[^\\d\\n]{0,30}${word(SPECIFIC)}`, 'iu');

const NAMES_ONE_TIME_CODE = new RegExp(word(SPECIFIC), 'iu');
/** Does the text name a one-time code specifically ("verification code", "OTP", "验证码"), not just "code"? */
export function namesOneTimeCode(text: string): boolean {
  return NAMES_ONE_TIME_CODE.test(text);
}

/** A code's name, a colon, then its digits in two to four small groups. */
const SPACED_CODE = new RegExp(`${word(ANY)}\\s*[:：]\\s*(\\d{1,3}(?: \\d{1,3}){1,3})(?![\\d.,]\\d|\\d)`, 'giu');

/** One-time codes inside observed text (SMS, notifications, e-mails), digits only. */
export const otpCodesIn: (text: string) => string[] = memoByText(findCodes);

/** A conference bridge's dial-in PIN or meeting passcode is how invitees join, not a one-time code. */
const DIAL_IN = /dial[- ]?in|conference (?:id|pin|code)|meeting (?:id|pin|passcode)|\b(?:zoom|webex|teams|meet|gotomeeting|bluejeans|jitsi|tencent meeting|voov)(?: meeting)? ?(?:id|pin|passcode|code)\b|webinar|bridge (?:pin|code)|会议号|腾讯会议|会議ID|회의 ID|id (?:de )?(?:reunión|reunião|réunion|riunione)|meeting-id|besprechungs-id/i;

/** A code of capitals and digits named by a specific word ("Your Steam Guard code is 7KQ2M", "Steam Guard" over "V7K2Q"). */
const LETTERED_CODE = new RegExp(`(?:${word(SPECIFIC)}|(?<![\\p{L}])guard(?: code)?)[^\\n]{0,12}?(?<![\\p{L}\\p{N}])([\\p{L}\\p{N}]{5,8})(?![\\p{L}\\p{N}])`, 'giu');
export const CAPS_AND_DIGITS = /^(?=[A-Z0-9]*\d)(?=[A-Z0-9]*[A-Z])[A-Z0-9]{5,8}$/;

/** Codes that are not one-time codes: a zip or area code, a promo or gift code, a sort code, a booking code. */
const OTHER_CODE = /\b(?:zip|postal|post|area|country|promo|promotional|discount|coupon|referral|invite|invitation|gift|voucher|product|item|sort|bank|swift|bic|branch|tracking|booking|reservation|flight|course|class|error|status|tax|qr|bar)[ -]?codes?\b/gi;

function findCodes(raw: string): string[] {
  const codes = new Set<string>();
  if (DIAL_IN.test(raw)) return [];
  // (a code written in another script's digits — "رمز التحقق: ٤٨٢٩١٥" — is the same code: found, and returned, in ASCII digits)
  const folded = asciiDigits(raw);
  const text = /ode/i.test(folded) ? folded.replace(OTHER_CODE, ' ') : folded;
  LETTERED_CODE.lastIndex = 0;
  for (let m = LETTERED_CODE.exec(text); m; m = LETTERED_CODE.exec(text)) if (CAPS_AND_DIGITS.test(m[1])) codes.add(m[1].toLowerCase());
  for (const re of OBSERVED_PATTERNS) {
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) codes.add(m[1].replace(/\D/g, ''));
  }
  // (a code written in small groups after its name: "Telegram code: 58 214 3")
  SPACED_CODE.lastIndex = 0;
  for (let m = SPACED_CODE.exec(text); m; m = SPACED_CODE.exec(text)) {
    const digits = m[1].replace(/\D/g, '');
    if (digits.length >= 5 && digits.length <= 8) codes.add(digits);
  }
  return [...codes];
}
