// Per-device screen context: which app is in front, the path of screens that led here, and the
// draft typed into this screen's fields. A generic confirm button commits whatever this context
// is about (Uninstall → OK uninstalls; 转账 → 确认 pays).
import type { Target } from '../protocol/schema';
import { idWords } from '../catalog/words';

export type FieldRole = 'recipient' | 'subject' | 'amount' | 'url' | 'password' | 'code' | 'body' | 'search';

export interface DraftField {
  key: string;
  role: FieldRole;
  value: string;
}

const ROLE_WORDS: Array<[FieldRole, RegExp]> = [
  ['password', /^(password|passwd|pwd|pass|passcode|pin|secret|senha|contraseña|contrasena|passwort|kennwort|wachtwoord|hasło|haslo|пароль|şifre|sifre|sandi|katasandi|parola|lösenord|losenord|passord|adgangskode|salasana|heslo|jelszó|jelszo|passe|密码|密碼|口令|パスワード|비밀번호|암호)$/],
  ['code', /^(otp|totp|mfa|2fa|tan|pushtan|smstan|verification|verify|code|验证码|驗證碼|校验码|动态码|認証コード|認証番号|確認コード|確認番号|인증번호|인증코드)$/],
  ['recipient', /^(to|recipient|recipients|cc|bcc|payee|phone|number|contact|handle|receiver|digits|dialpad|upi|vpa|iban|beneficiary|invite|invitee|invitees|guest|guests|attendee|attendees|participant|participants|people|collaborator|collaborators|收件人|收款人|宛先|받는사람)$/],
  ['subject', /^(subject|title|主题|件名)$/],
  ['amount', /^(amount|sum|money|cuánto|cuanto|quanto|combien|wieviel|сколько|多少|金額を入力|金额|还款金额|转账金额|金額|금액|المبلغ|monto|importe|valor|montant|betrag|importo|kwota|сумма|tutar|jumlah|nominal|số tiền|จำนวนเงิน|राशि|סכום|bedrag|belopp|beløb|summa|částka)$/],
  ['url', /^(url|address|omnibox|omnibar|location|網址|网址)$/],
  ['search', /^(search|query|find|搜索)$/],
];

const AUTH_CODE_WORD = /^(number|num|no|code|pin|digits)$/;

/**
 * A one-time-code box in a native app is where the code belongs (a password field); on a web page
 * it is exactly what a phishing page asks for (a body the code would leave in).
 */
function codeBoxRole(appKind: string): FieldRole {
  return appKind === 'browser' ? 'body' : 'password';
}

function roleWords(target: Target | undefined): string[] {
  if (!target) return [];
  const words = [...idWords(target.resourceId ?? '')];
  for (const hint of [target.text, target.contentDesc]) {
    if (!hint) continue;
    const lower = hint.toLowerCase().trim();
    words.push(lower);
    // A short label's words name the field ("To", "Enter amount"); a sentence-long placeholder's
    // do not ("What do you want to talk about?" is not a recipient field).
    const parts = lower.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
    if (parts.length <= 3) words.push(...parts);
  }
  return words;
}

/** ISO 4217 codes of the currencies phones pay in, as apps write them (capitals). */
export const ISO_CURRENCY = String.raw`(?:USD|EUR|GBP|JPY|CNY|RMB|HKD|TWD|KRW|SGD|MYR|IDR|THB|VND|PHP|INR|PKR|BDT|LKR|NPR|AUD|NZD|CAD|MXN|BRL|ARS|CLP|COP|PEN|UYU|CHF|SEK|NOK|DKK|ISK|PLN|CZK|HUF|RON|BGN|RSD|UAH|RUB|TRY|GEL|KZT|ILS|AED|SAR|QAR|KWD|BHD|OMR|JOD|EGP|MAD|TND|NGN|GHS|KES|UGX|TZS|ZAR|XOF|XAF|ETB|IRR)`;

/** A field hint that is only a currency ("GBP", "€"): what is typed there is an amount. */
const BARE_CURRENCY = new RegExp(String.raw`^\s*(?:\p{Sc}|${ISO_CURRENCY})\s*$`, 'u');

const ZERO_SUM = /^\s*(?:\p{Sc}|r\$|[a-z]{3}\s)\s?0+(?:[.,]0+)?\s*$|^\s*0+(?:[.,]0+)?\s?(?:\p{Sc}|[a-z]{3})\s*$/iu;

const roleCache = new Map<string, FieldRole>();

/** The role of a field, remembered per (app kind, target) since the same fields recur. */
export function fieldRole(target: Target | undefined, appKind: string): FieldRole {
  const key = `${appKind}\u0000${target?.resourceId ?? ''}\u0000${target?.text ?? ''}\u0000${target?.contentDesc ?? ''}\u0000${target?.className ?? ''}`;
  let role = roleCache.get(key);
  if (role === undefined) {
    role = computeFieldRole(target, appKind);
    if (roleCache.size >= 10_000) roleCache.clear();
    roleCache.set(key, role);
  }
  return role;
}

function computeFieldRole(target: Target | undefined, appKind: string): FieldRole {
  const words = roleWords(target);
  if ((target?.className ?? '').toLowerCase().includes('password')) return 'password';
  // An "auth number" box (et_auth_number, sms_auth_code: 인증번호 in Korean apps) takes the code a message brought.
  if (words.includes('auth') && words.some((w) => AUTH_CODE_WORD.test(w))) return codeBoxRole(appKind);
  for (const [role, re] of ROLE_WORDS) {
    if (words.some((w) => re.test(w))) {
      if (role === 'search' && appKind === 'payments') return 'recipient';
      // A browser sends what is typed in its search boxes to a search engine, like its address bar.
      if (role === 'search' && appKind === 'browser') return 'url';
      if (role === 'code') return codeBoxRole(appKind);
      // ...and so is a web page's box for a wallet's recovery phrase: wallets never ask for it on a site.
      if (role === 'password' && appKind === 'browser' && words.includes('phrase')) return 'body';
      if (role === 'url' && appKind !== 'browser' && words.includes('address') && appKind !== 'email') continue;
      if (role === 'url' && appKind === 'email') return 'recipient';
      return role;
    }
  }
  if (words.some((w) => /^(editurl|urlbar|omnibox|omnibar)$/.test(w)) || (appKind === 'browser' && words.includes('toolbar'))) return 'url';
  // A field whose placeholder is a zero sum ("$0.00", "R$ 0,00", "0,00 €") takes an amount.
  if ([target?.text, target?.contentDesc].some((hint) => hint !== undefined && (ZERO_SUM.test(hint) || BARE_CURRENCY.test(hint)))) return 'amount';
  return 'body';
}

export function fieldKey(target: Target | undefined): string {
  if (!target) return 'focused';
  return target.resourceId ?? target.xpath ?? `${target.className ?? 'field'}:${target.text ?? target.contentDesc ?? ''}`;
}

/** Something picked in a share flow (a photo, a contact card, a location) that travels with the next send. */
export interface Attachment {
  /** provenance label of the app it came from (photos, contacts, location, files …) */
  label: string;
  /** what was shared, e.g. the last item tapped before Share */
  item: string;
  app: string | null;
}

/** The system pickers apps open to choose a file or photo. */
export const PICKER_APP = /(^|\.)documentsui$|photopicker|mediaprovider|\.picker$/i;

/** A sum of money in a text: a currency sign or code next to digits (₫1.389.000, 842.000đ, R$ 35,00). */
const SUM = /(?:\p{Sc}|R\$|Rp|RM|(?<!\p{L})[A-Z]{3})\s?\d|\d[\d.,]*\s?(?:\p{Sc}|đ(?!\p{L})|(?<!\p{L})(?:VND|vnđ|USD|EUR|INR|IDR|PHP|THB|MYR)(?!\p{L})|ر\.س|د\.إ|د\.ك|ج\.م|ريال|درهم|دينار|원|円|元(?!\p{L}))/u;
/** What one has, not what is due: a balance is shown on every wallet's home screen. */
const BALANCE = /balance|saldo|số dư|余额|餘額|잔액|残高|solde|guthaben|баланс|bakiye|baki|available|disponible|verfügbar|ยอดเงินคงเหลือ/i;

/** Words that say a sum is to be paid: an amount, a total, what is due. */
const DUE = /amount|total|\bdue\b|to pay|số tiền|tổng|importe|monto|a pagar|betrag|summe|montant|à payer|valor|金额|总计|合计|应付|實付|金額|合計|お支払い|금액|합계|jumlah|ยอดชำระ|ยอดรวม|сумма|итого|kwota|tutar|المبلغ|المستحق|الإجمالي|المجموع|סכום|לתשלום|राशि|कुल/i;

/** The text of a screen that names a sum due ("Số tiền: 842.000đ", "Total ₫1.389.000"), not a balance; one sum only (a list of transactions is not a bill). */
export function sumDue(texts: readonly string[], needsDueWord = true): string | null {
  let due: string | null = null;
  let sums = 0;
  for (const text of texts) {
    if (text.length > 80 || !SUM.test(text)) continue;
    sums++;
    if (due === null && (!needsDueWord || DUE.test(text)) && !BALANCE.test(text)) due = text;
  }
  return sums <= 3 ? due : null;
}

/** A confirm dialog's question: short, and asked ("Delete 3 photos?", "¿Vaciar este chat?", "删除此文件？"). */
function isDialogQuestion(text: string): boolean {
  const t = text.trim();
  return t.length >= 4 && t.length <= 160 && (/[?？؟]$/.test(t) || t.startsWith('¿'));
}

/** A dialog's negative button. */
const CANCEL_LABEL = /^(cancel|annuler|cancelar|abbrechen|annulla|annuleren|avbryt|annuller|peruuta|anuluj|zrušit|mégse|anulează|ακύρωση|отмена|отменить|скасувати|iptal|vazgeç|batal|hủy|hủy bỏ|ยกเลิก|रद्द करें|إلغاء|ביטול|لغو|取消|キャンセル|취소|not now|no|nein|non|não|нет|いいえ|아니요|否)$/iu;

/**
 * What a dialog on the screen says: its questions; or, on a small screen that offers a Cancel
 * but asks nothing in words ("删除该聊天" / "取消" / "删除"), its other texts.
 */
function dialogTexts(texts: readonly string[]): string[] {
  const questions = texts.filter(isDialogQuestion);
  if (questions.length > 0 || texts.length > 6 || !texts.some((t) => CANCEL_LABEL.test(t.trim()))) return questions;
  return texts.filter((t) => !CANCEL_LABEL.test(t.trim()) && t.trim().length <= 80);
}

export class ScreenContext {
  app: string | null = null;
  path: string[] = [];
  /** Survives app switches: the share sheet hands it to another app. */
  attachment: Attachment | null = null;
  /** The app whose "Attach" opened the system picker: the file picked next goes with its next send. */
  pickingFor: string | null = null;
  /** The host a browser was sent to (its address bar + Go): what its screen now shows comes from there. */
  site: string | null = null;
  /** A link tapped in an app that is no browser opened that site in the app's own web view. */
  webView = false;
  /** The message long-pressed last (its text), and the one Forward picked to travel with the next send. */
  selected: string | null = null;
  forwarded: string | null = null;
  /** An attach menu's "Contact" is open: the name tapped next is the card that will be sent. */
  pickingContact = false;
  /**
   * The texts the screen was last seen showing, and the sum due among them ("Số tiền: 842.000đ",
   * "Total ₫1.389.000"): a Pay there commits it. Found only when a button asks (most screens
   * are shown and left without a Pay), and then remembered.
   */
  private shownTexts: readonly string[] | null = null;
  private shownSumFound: string | null | undefined = null;

  get shownSum(): string | null {
    if (this.shownSumFound === undefined) this.shownSumFound = this.shownTexts ? sumDue(this.shownTexts) : null;
    return this.shownSumFound;
  }

  /** A tap since the screen was last read: the dialog it showed was answered or left. */
  private dialogLeft = false;

  /**
   * What a dialog on the screen asks ("Empty trash?", "¿Vaciar este chat?") or offers, from the
   * last read of the screen, until the next tap or Back changes it: a generic confirm there
   * answers them. Found only when a confirm asks, like the sum shown.
   */
  get dialogQuestions(): readonly string[] {
    return this.shownTexts && !this.dialogLeft ? dialogTexts(this.shownTexts) : [];
  }

  /** A price in view without a word that it is due ("1泊 · ¥38,400"): what a booking's own button pays. */
  get shownPrice(): string | null {
    return this.shownTexts ? sumDue(this.shownTexts, false) : null;
  }

  /**
   * The one price a checkout shows, with its pay button on the same screen ("32,400원" and
   * 결제하기): exactly one sum in view, not a balance nor a signed entry of a history.
   */
  checkoutPrice(button: string): string | null {
    const texts = this.shownTexts;
    if (!texts || !texts.some((t) => t.trim() === button)) return null;
    const sums = texts.filter((t) => t.length <= 80 && SUM.test(t));
    return sums.length === 1 && !BALANCE.test(sums[0]) && !/[+−-]\s?\p{Sc}?\s?\d/u.test(sums[0]) ? sums[0] : null;
  }

  /** What the screen shows now (a read of it, or the observation the gate was given). */
  showTexts(texts: readonly string[]): void {
    this.shownTexts = texts;
    this.shownSumFound = undefined;
    this.dialogLeft = false;
  }

  /** The sum shown was paid or the screen left: a Pay there commits nothing shown. */
  forgetShownSum(): void {
    this.shownTexts = null;
    this.shownSumFound = null;
  }
  private fields = new Map<string, DraftField>();

  /**
   * Another app comes to the front. A system dialog (the package installer's "Uninstall this
   * app?", a permission prompt) belongs to the screen it pops up over: `overlay` keeps the path.
   */
  switchTo(app: string | null, overlay = false): void {
    if (app === this.app) return;
    // The system picker an app opened ("Choose photo") pops up over that app's screen, and
    // picking returns to it with its form, path and site as they were.
    const intoPicker = app !== null && this.pickingFor !== null && PICKER_APP.test(app);
    const backFromPicker = app !== null && this.app !== null && PICKER_APP.test(this.app) && (this.pickingFor === app || this.attachment?.app === app);
    this.app = app;
    if (overlay || intoPicker || backFromPicker) return;
    this.path = [];
    this.forgetShownSum();
    this.site = null;
    this.webView = false;
    this.fields.clear();
  }

  pushPath(label: string): void {
    // (a tap answers or leaves the dialog that was read)
    this.dialogLeft = true;
    if (!label) return;
    this.path.push(label);
    if (this.path.length > 12) this.path.shift();
  }

  setField(key: string, role: FieldRole, value: string): void {
    this.fields.set(key, { key, role, value });
  }

  appendField(key: string, role: FieldRole, value: string): void {
    const existing = this.fields.get(key);
    this.fields.set(key, { key, role, value: existing ? existing.value + value : value });
  }

  clearField(key: string): void {
    this.fields.delete(key);
  }

  clearDraft(): void {
    this.fields.clear();
  }

  draft(): DraftField[] {
    return [...this.fields.values()];
  }

  snapshot(): { app: string | null; path: string[]; site: string | undefined } {
    return { app: this.app, path: [...this.path], site: this.site ?? undefined };
  }
}
